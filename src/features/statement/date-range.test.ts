import { describe, expect, it } from 'vitest';
import { matchingPreset, orderedRange, parseIsoParam, presetRange } from './date-range';

describe('statement date range', () => {
  it('presets on 15.02.2024 (leap year)', () => {
    expect(presetRange('thisMonth', '2024-02-15')).toEqual({ from: '2024-02-01', to: '2024-02-29' });
    expect(presetRange('thisYear', '2024-02-15')).toEqual({ from: '2024-01-01', to: '2024-12-31' });
    expect(presetRange('last12Months', '2024-02-15')).toEqual({ from: '2023-02-16', to: '2024-02-15' });
    expect(presetRange('last12Months', '2024-02-29')).toEqual({ from: '2023-03-01', to: '2024-02-29' });
    expect(presetRange('all', '2024-02-15')).toEqual({ from: null, to: null });
  });
  it('recognises a preset range', () => {
    expect(matchingPreset({ from: '2026-01-01', to: '2026-12-31' }, '2026-05-05')).toBe('thisYear');
    expect(matchingPreset({ from: '2026-01-02', to: '2026-12-31' }, '2026-05-05')).toBeNull();
  });
  it('rejects malformed or impossible dates from the URL', () => {
    expect(parseIsoParam('2026-02-30')).toBeNull();
    expect(parseIsoParam('31.01.2026')).toBeNull();
    expect(parseIsoParam('')).toBeNull();
    expect(parseIsoParam('2026-01-31')).toBe('2026-01-31');
  });
  it('a start after the end swaps the two dates; open or ordered ranges stay as they are', () => {
    expect(orderedRange('2026-03-31', '2026-01-01')).toEqual({ from: '2026-01-01', to: '2026-03-31' });
    expect(orderedRange('2026-01-01', '2026-03-31')).toEqual({ from: '2026-01-01', to: '2026-03-31' });
    expect(orderedRange('2026-01-01', '2026-01-01')).toEqual({ from: '2026-01-01', to: '2026-01-01' });
    expect(orderedRange('2026-03-31', null)).toEqual({ from: '2026-03-31', to: null });
    expect(orderedRange(null, '2026-01-01')).toEqual({ from: null, to: '2026-01-01' });
  });
});
