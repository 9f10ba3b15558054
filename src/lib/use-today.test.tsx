import { act, renderHook } from '@testing-library/react';
import { msUntilIstanbulMidnight } from '../domain/dates';
import { useToday } from './use-today';

describe('useToday: "today" advances at Istanbul midnight', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('re-renders with the new date when the Istanbul day changes, with no user action', () => {
    vi.useFakeTimers();
    // 20:59:30 UTC = 23:59:30 in Istanbul (UTC+3) on 15.04.2026.
    vi.setSystemTime(new Date('2026-04-15T20:59:30Z'));
    const { result } = renderHook(() => useToday());
    expect(result.current).toBe('2026-04-15');
    act(() => {
      vi.advanceTimersByTime(29_000); // 23:59:59
    });
    expect(result.current).toBe('2026-04-15');
    act(() => {
      vi.advanceTimersByTime(2_000); // 00:00:01 on the 16th
    });
    expect(result.current).toBe('2026-04-16');
    // And again the next night (a page left open for days).
    act(() => {
      vi.advanceTimersByTime(86_400_000);
    });
    expect(result.current).toBe('2026-04-17');
  });

  it('catches up when the tab comes back after the machine slept past midnight', () => {
    vi.useFakeTimers();
    vi.setSystemTime(new Date('2026-04-15T12:00:00Z'));
    const { result } = renderHook(() => useToday());
    expect(result.current).toBe('2026-04-15');
    // The clock jumps (sleep) without the timer having fired.
    vi.setSystemTime(new Date('2026-04-17T06:00:00Z'));
    act(() => {
      window.dispatchEvent(new Event('focus'));
    });
    expect(result.current).toBe('2026-04-17');
  });

  it('msUntilIstanbulMidnight counts to the next 00:00 in Istanbul, not in UTC', () => {
    // 20:00:00 UTC = 23:00:00 Istanbul → one hour.
    expect(msUntilIstanbulMidnight(new Date('2026-04-15T20:00:00Z'))).toBe(3_600_000);
    // 21:00:00.000 UTC = midnight exactly → a full day to the next one.
    expect(msUntilIstanbulMidnight(new Date('2026-04-15T21:00:00Z'))).toBe(86_400_000);
  });
});
