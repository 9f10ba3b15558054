/**
 * BodySegments gives JSON.parse's value for every answer shape, however the text is cut into parts,
 * and null (parse the whole text instead) for anything that is not JSON.
 */
import { describe, expect, it } from 'vitest';
import { BodySegments } from './segments';

/** Feeds `text` in parts of `step` characters, with slices of `slice` characters. */
function segmented(text: string, step: number, slice = 40): unknown {
  const seg = new BodySegments(slice);
  for (let i = 0; i < text.length; i += step) seg.feed(text.slice(i, i + step));
  const r = seg.result();
  return r === null ? null : r.value;
}

const row = (i: number) => ({ COMPANY_ID: String(i), FULLNAME: `Öz-Çağ "Yıldız" & Ortak %100 [${i}], {x}\\`, BAKIYE: i * 1.5, MONEY: i % 2 ? '' : 'USD' });
const rows = Array.from({ length: 30 }, (_, i) => row(i));

const shapes: Record<string, string> = {
  'a WEX array of objects': JSON.stringify(rows),
  'ColdFusion columns': JSON.stringify({ COLUMNS: ['COMPANY_ID', 'FULLNAME'], DATA: rows.map((r) => [r.COMPANY_ID, r.FULLNAME]) }),
  'an envelope, pretty-printed, with a BOM and a leading //':
    '\ufeff  // ' + JSON.stringify({ status: 'ok', meta: { n: 30, tags: ['a', 'b'] }, data: rows }, null, 2) + '\n ',
  'rows under a "__proto__" key': `{"__proto__":${JSON.stringify(rows)},"x":1}`,
  'a duplicate key: the later rows win': `{"data":${JSON.stringify(rows.slice(0, 3))},"data":${JSON.stringify(rows.slice(5))}}`,
  'a duplicate key: the later scalar wins': `{"data":${JSON.stringify(rows)},"data":7}`,
  'nested arrays inside rows': JSON.stringify([{ a: [[1, 2], [3]], b: { c: [] } }, ...rows]),
  'no rows array (column-wise)': JSON.stringify({ DATA: { A: [1, 2], B: ['x', 'y'] } }),
  'an empty array': '[]',
  'a scalar array': '["a","b","c"]',
};

describe('BodySegments: the same value as JSON.parse', () => {
  for (const [name, text] of Object.entries(shapes)) {
    it(name, () => {
      const expected = JSON.parse(
        text
          .replace(/^\ufeff/, '')
          .trim()
          .replace(/^\/\/\s*/, ''),
      ) as unknown;
      for (const step of [1, 2, 3, 7, 64, 1_000_000]) expect(segmented(text, step), `parts of ${step}`).toEqual(expected);
    });
  }

  it('keeps "__proto__" an own key holding the rows (not the prototype)', () => {
    const value = segmented(shapes['rows under a "__proto__" key']!, 5) as Record<string, unknown>;
    expect(Object.getPrototypeOf(value)).toBe(Object.prototype);
    expect(Object.prototype.hasOwnProperty.call(value, '__proto__')).toBe(true);
    expect((Object.getOwnPropertyDescriptor(value, '__proto__')!.value as unknown[]).length).toBe(30);
  });

  it('also in slices when the text trickles in a few characters at a time', () => {
    const seg = new BodySegments(40);
    const text = JSON.stringify(rows);
    for (let i = 0; i < text.length - 10; i += 3) seg.feed(text.slice(i, Math.min(i + 3, text.length - 10)));
    expect((seg as unknown as { rows: unknown[] }).rows.length).toBeGreaterThanOrEqual(25);
    seg.feed(text.slice(text.length - 10));
    expect(seg.result()!.value).toEqual(rows);
  });

  it('parses the rows in slices while the text arrives (few rows are left for the end)', () => {
    const seg = new BodySegments(40);
    const text = JSON.stringify(rows);
    seg.feed(text.slice(0, text.length - 10));
    // 30 rows of ~90 characters, slices of 40+: all but the rows in the last slice are parsed before the end.
    expect((seg as unknown as { rows: unknown[] }).rows.length).toBeGreaterThanOrEqual(28);
    seg.feed(text.slice(text.length - 10));
    expect(seg.result()!.value).toEqual(rows);
  });
});

describe('BodySegments: null for anything that is not JSON (the caller parses it whole, for its typed error)', () => {
  const bad = {
    'an HTML error page': '<html><body>Error</body></html>',
    empty: '   ',
    'a trailing comma between rows': JSON.stringify(rows).replace(/\]$/, ',]'),
    'a missing comma': JSON.stringify(rows).replace('},{', '}{'),
    'cut off in the middle': JSON.stringify(rows).slice(0, 500),
    'text after the JSON': JSON.stringify(rows) + ' x',
    'a bad value in a row': JSON.stringify(rows).replace('"MONEY":""', '"MONEY":NaN'),
    'a single slash': '/' + JSON.stringify(rows),
  };
  for (const [name, text] of Object.entries(bad)) {
    it(name, () => {
      expect(() => JSON.parse(text.trim().replace(/^\/\/\s*/, ''))).toThrow();
      for (const step of [1, 13, 1_000_000]) expect(segmented(text, step)).toBeNull();
    });
  }
});
