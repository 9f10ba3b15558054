// @vitest shared-modules
import { describe, expect, it } from 'vitest';
import { PageCache } from './page-cache';

describe('PageCache (kept reply pages)', () => {
  it('keeps a page 2 s, never past its token’s expiry; drop forgets it; 0 keeps nothing', () => {
    const pages = new PageCache(2000);
    pages.set('a', '<form a>', 10_000, 100_000);
    pages.set('b', '<form b>', 10_000, 11_000);
    expect([pages.get('a', 11_999), pages.get('b', 10_999)]).toEqual(['<form a>', '<form b>']);
    expect([pages.get('a', 12_000), pages.get('b', 11_000)]).toEqual([null, null]);
    pages.set('c', '<form c>', 20_000, 100_000);
    pages.drop('c');
    expect(pages.get('c', 20_001)).toBeNull();
    const off = new PageCache(0);
    off.set('a', '<form a>', 10_000, 100_000);
    expect(off.get('a', 10_001)).toBeNull();
  });

  it('holds at most `max` pages, the oldest going first, and lets no page outlive its time in memory', () => {
    const pages = new PageCache(2000, 2);
    pages.set('a', 'A', 0, 1e9);
    pages.set('b', 'B', 1, 1e9);
    pages.set('c', 'C', 2, 1e9);
    expect([pages.get('a', 3), pages.get('b', 3), pages.get('c', 3)]).toEqual([null, 'B', 'C']);
    // 'b' and 'c' are past their time when 'd' comes: both are gone from memory, not only hidden.
    pages.set('d', 'D', 5000, 1e9);
    expect((pages as unknown as { pages: Map<string, unknown> }).pages.size).toBe(1);
    expect(pages.get('d', 5001)).toBe('D');
  });
});
