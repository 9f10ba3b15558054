import { useEffect, useRef, useState } from 'react';
import { t } from '../../i18n';
import { daysInMonth, isoOf, isoParts, weekdayMondayFirst } from '../../domain/dates';
import type { IsoDate } from '../../domain/types';

// Turkish names from the platform (tr-TR), never typed by hand: "Mart", "Pazartesi".
// Made when a calendar first opens, not when a page that has a date field loads (several ms each).
let names: { month: Intl.DateTimeFormat; weekdayLong: Intl.DateTimeFormat; weekdayShort: Intl.DateTimeFormat } | undefined;
const calendarNames = () =>
  (names ??= {
    month: new Intl.DateTimeFormat('tr-TR', { month: 'long', timeZone: 'UTC' }),
    weekdayLong: new Intl.DateTimeFormat('tr-TR', { weekday: 'long', timeZone: 'UTC' }),
    weekdayShort: new Intl.DateTimeFormat('tr-TR', { weekday: 'short', timeZone: 'UTC' }),
  });
const utc = (iso: IsoDate) => new Date(Date.UTC(Number(iso.slice(0, 4)), Number(iso.slice(5, 7)) - 1, Number(iso.slice(8, 10))));
// 2024-01-01 was a Monday: the week as the Turkish calendar starts it.
const WEEK = Array.from({ length: 7 }, (_, k) => utc(isoOf(2024, 1, 1 + k)));

export function monthTitle(y: number, m: number): string {
  return `${calendarNames().month.format(utc(isoOf(y, m, 1)))} ${y}`;
}

/**
 * The date box's calendar: one month, Monday first, tr-TR month and day names; a click (or Enter)
 * on a day picks it; ‹ › change the month; Escape closes. Opened by the box's 📅 button.
 */
export function DateCalendar({
  value,
  fallback,
  label,
  onPick,
  onClose,
}: {
  value: IsoDate | null;
  fallback: IsoDate;
  label: string;
  onPick: (iso: IsoDate) => void;
  onClose: () => void;
}) {
  const start = isoParts(value ?? fallback);
  const [shown, setShown] = useState({ y: start.y, m: start.m });
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => {
    // Focus the chosen (or first) day when the calendar opens.
    const el = ref.current?.querySelector<HTMLButtonElement>('[aria-pressed="true"]') ?? ref.current?.querySelector<HTMLButtonElement>('.date-cal__day');
    el?.focus();
  }, []);
  const move = (delta: number) =>
    setShown(({ y, m }) => {
      const k = y * 12 + (m - 1) + delta;
      return { y: Math.floor(k / 12), m: (k % 12) + 1 };
    });
  const first = isoOf(shown.y, shown.m, 1);
  const lead = weekdayMondayFirst(first);
  const count = daysInMonth(shown.y, shown.m);
  const cells: (number | null)[] = [...Array.from({ length: lead }, () => null), ...Array.from({ length: count }, (_, k) => k + 1)];
  while (cells.length % 7 !== 0) cells.push(null);
  const weeks: (number | null)[][] = [];
  for (let k = 0; k < cells.length; k += 7) weeks.push(cells.slice(k, k + 7));
  const title = monthTitle(shown.y, shown.m);
  return (
    <div
      ref={ref}
      className="date-cal"
      role="dialog"
      aria-label={`${label}: ${title}`}
      onKeyDown={(e) => {
        if (e.key === 'Escape') {
          e.preventDefault();
          e.stopPropagation();
          onClose();
        }
      }}
    >
      <div className="date-cal__head">
        <button type="button" className="date-cal__nav" aria-label={t('common.date.prevMonth')} onClick={() => move(-1)}>
          ‹
        </button>
        <span className="date-cal__title" aria-live="polite">
          {title}
        </span>
        <button type="button" className="date-cal__nav" aria-label={t('common.date.nextMonth')} onClick={() => move(1)}>
          ›
        </button>
      </div>
      <table className="date-cal__grid">
        <thead>
          <tr>
            {WEEK.map((d) => (
              <th key={d.getTime()} scope="col" title={calendarNames().weekdayLong.format(d)}>
                {calendarNames().weekdayShort.format(d)}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {weeks.map((w, i) => (
            <tr key={i}>
              {w.map((day, j) => {
                if (day == null) return <td key={j} />;
                const iso = isoOf(shown.y, shown.m, day);
                return (
                  <td key={j}>
                    <button type="button" className="date-cal__day" aria-label={`${day} ${title}`} aria-pressed={iso === value} onClick={() => onPick(iso)}>
                      {day}
                    </button>
                  </td>
                );
              })}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
