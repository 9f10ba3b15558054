/**
 * "Today" for pages: the Istanbul calendar date (todayIso), and it advances — the component
 * re-renders when the business day changes (a timer set for the next Istanbul midnight, and a
 * re-check when the tab becomes visible or focused again, e.g. after the laptop slept). A page
 * left open overnight so never shows yesterday's overdue flags. The one implementation every page
 * that needs "today" uses.
 */
import { useEffect, useState } from 'react';
import { msUntilIstanbulMidnight, todayIso } from '../domain/dates';
import type { IsoDate } from '../domain/types';

export function useToday(): IsoDate {
  const [today, setToday] = useState<IsoDate>(() => todayIso());
  useEffect(() => {
    let timer: ReturnType<typeof setTimeout> | undefined;
    const check = () => setToday(todayIso()); // the same string does not re-render
    const schedule = () => {
      // A little past midnight, so the new day has surely begun when it fires.
      timer = setTimeout(() => {
        check();
        schedule();
      }, msUntilIstanbulMidnight() + 500);
    };
    const onWake = () => {
      if (document.visibilityState !== 'hidden') {
        check();
        clearTimeout(timer);
        schedule();
      }
    };
    check();
    schedule();
    document.addEventListener('visibilitychange', onWake);
    window.addEventListener('focus', onWake);
    return () => {
      clearTimeout(timer);
      document.removeEventListener('visibilitychange', onWake);
      window.removeEventListener('focus', onWake);
    };
  }, []);
  return today;
}
