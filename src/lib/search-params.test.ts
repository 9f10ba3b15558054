import { withParams } from './search-params';

describe('withParams', () => {
  it.each([
    ['q=a&sort=name', { q: 'ığdır' }, 'q=%C4%B1%C4%9Fd%C4%B1r&sort=name'],
    ['q=a&sort=name', { q: '' }, 'sort=name'],
    ['q=a&sort=name', { q: null, sort: undefined }, ''],
    ['from=2026-01-01', { to: '2026-06-30' }, 'from=2026-01-01&to=2026-06-30'],
    ['', { firma: 'A&B %100 + "x"' }, 'firma=A%26B+%25100+%2B+%22x%22'],
  ])('%s + %j → %s', (prev, patch, expected) => {
    const before = new URLSearchParams(prev);
    expect(withParams(before, patch).toString()).toBe(expected);
    expect(before.toString()).toBe(new URLSearchParams(prev).toString()); // prev is not changed
  });
});
