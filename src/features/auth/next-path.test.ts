import { describe, expect, it } from 'vitest';
import { loginPathFor, safeNextPath } from './next-path';

describe('safeNextPath', () => {
  it.each([
    ['/accounts?q=abc', '/accounts?q=abc'],
    ['/accounts/00123', '/accounts/00123'],
    ['/invoices?firma=%C4%B1%C4%9Fd%C4%B1r&no=F-1', '/invoices?firma=%C4%B1%C4%9Fd%C4%B1r&no=F-1'],
    ['/aging#top', '/aging#top'],
  ])('keeps the same-origin path %s', (next, expected) => {
    expect(safeNextPath(next)).toBe(expected);
  });

  it.each([
    [null],
    [''],
    ['accounts'],
    ['https://evil.example/accounts'],
    ['//evil.example/accounts'],
    ['/\\evil.example'],
    ['/accounts\\..\\x'],
    ['/acc\nounts'],
    ['javascript:alert(1)'],
    ['/login'],
    ['/login?next=/accounts'],
  ])('falls back to / (Özet) for %j', (next) => {
    expect(safeNextPath(next)).toBe('/');
  });
});

describe('loginPathFor', () => {
  it('carries the requested path and search, encoded', () => {
    expect(loginPathFor('/accounts?q=abc')).toBe('/login?next=%2Faccounts%3Fq%3Dabc');
  });
  it('leaves out next for paths that would not be followed', () => {
    expect(loginPathFor('/')).toBe('/login');
    expect(loginPathFor('/accounts')).toBe('/login?next=%2Faccounts');
    expect(loginPathFor('//evil.example')).toBe('/login');
  });
});
