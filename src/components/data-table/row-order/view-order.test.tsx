// Pure pipeline tests (kept as .test.tsx so they run in the dom project with the table's tests).
import { buildCharRows, buildHaystacks, buildNextMarks, createTableIndex, viewOrder } from '.';
import { queryTokens } from '../../../domain/turkish';
import type { DataColumn } from '../types';

interface Item {
  name: string;
  amount?: number | null;
}
const NAME: DataColumn<Item>[] = [{ id: 'name', header: 'Ad', value: (r) => r.name }];
const names = (data: Item[], order: Int32Array) => Array.from(order, (i) => data[i]?.name);

describe('row order', () => {
  it('orders text like the Turkish collator: space < punctuation < digits (as numbers) < letters, case ignored', () => {
    const data: Item[] = ['b', 'Şube 10', 'şube 9', 'a b', 'ab', '_x', '1', 'Şube 100', 'A'].map((name) => ({ name }));
    const order = viewOrder(createTableIndex(data, NAME), [{ id: 'name', desc: false }], '');
    // by hand: "_x" (punctuation) < "1" (digit) < "A" = … "a b" < "ab" (space before letters) < "b" < "Şube 9" < "10" < "100"
    expect(names(data, order)).toEqual(['_x', '1', 'A', 'a b', 'ab', 'b', 'şube 9', 'Şube 10', 'Şube 100']);
  });

  it('falls back to the collator for characters the fast key does not model (× is a symbol: before digits)', () => {
    const data: Item[] = ['b', '×', 'a', '2'].map((name) => ({ name }));
    const order = viewOrder(createTableIndex(data, NAME), [{ id: 'name', desc: false }], '');
    expect(names(data, order)).toEqual(['×', '2', 'a', 'b']);
  });

  it('keeps ERP order for values equal under the collator (case only), in both directions', () => {
    const data: Item[] = ['ACAR', 'beta', 'Acar', 'acar'].map((name) => ({ name }));
    const index = createTableIndex(data, NAME);
    expect(names(data, viewOrder(index, [{ id: 'name', desc: false }], ''))).toEqual(['ACAR', 'Acar', 'acar', 'beta']);
    expect(names(data, viewOrder(index, [{ id: 'name', desc: true }], ''))).toEqual(['beta', 'ACAR', 'Acar', 'acar']);
  });

  it('a narrowing query, then a widening one (backspace), gives the same rows as a fresh search', () => {
    const data: Item[] = ['Ankara Gıda', 'Antalya Tekstil', 'Adana Gıda', 'Bursa Gıda'].map((name) => ({ name }));
    const index = createTableIndex(data, NAME);
    expect(names(data, viewOrder(index, [], 'g'))).toEqual(['Ankara Gıda', 'Adana Gıda', 'Bursa Gıda']);
    expect(names(data, viewOrder(index, [], 'gı an'))).toEqual(['Ankara Gıda', 'Adana Gıda']);
    expect(names(data, viewOrder(index, [], 'gı ank'))).toEqual(['Ankara Gıda']);
    expect(names(data, viewOrder(index, [], 'an'))).toEqual(['Ankara Gıda', 'Antalya Tekstil', 'Adana Gıda']);
    expect(names(data, viewOrder(index, [{ id: 'name', desc: false }], 'an'))).toEqual(['Adana Gıda', 'Ankara Gıda', 'Antalya Tekstil']);
  });

  it('a big table searched through its joined haystacks finds exactly the rows a row-by-row search finds', () => {
    // 2,100 names (over the joined-text threshold of 2,000): every 7th holds "yıldız", every 5th "gıda";
    // the first and last row hold a match too (the scan's edges).
    const data: Item[] = Array.from({ length: 2100 }, (_, i) => ({
      name: `${i % 7 === 0 ? 'Yıldız ' : 'Ay '}${i % 5 === 0 ? 'Gıda' : 'Cam'} ${i}${i === 2099 ? ' yıldız' : ''}`,
    }));
    const joined = createTableIndex(data, NAME);
    buildHaystacks(joined, () => false, true);
    expect(joined.joined).not.toBeNull();
    const plain = createTableIndex([...data], NAME);
    for (const q of ['y', 'yıldız', 'YILDIZ gıda', 'gıda yıl', 'zz', '209', '0', 'cam 2099']) {
      const expected = Array.from({ length: data.length }, (_, i) => i).filter((i) =>
        q
          .toLocaleLowerCase('tr-TR')
          .replace(/ı/g, 'i')
          .split(' ')
          .every((w) => data[i]!.name.toLocaleLowerCase('tr-TR').replace(/ı/g, 'i').includes(w)),
      );
      expect(Array.from(viewOrder(joined, [], q)), q).toEqual(expected);
      expect(Array.from(viewOrder(plain, [], q)), q).toEqual(expected);
    }
  });

  it('a very big table: one character through its per-character row map, then each narrowing keystroke, finds exactly what a fresh row-by-row search finds', () => {
    // 24,000 rows (over the 20,000 of the per-character map) built from hand-picked Turkish names;
    // a search folds İ/I/ı to "i", Ş to "s", Ğ to "g" (lib/turkish.ts searchText), so the expected
    // rows below are written with those plain letters and checked by includes() on a hand fold.
    const NAMES = ['İzmir Şişecam', 'IŞIK Gıda', 'yıldız Dağıtım', 'Yılmaz Ağaç', 'Doğan Çelik', 'Öztürk Ltd', 'Uğur Sağlık', 'Kaya İnşaat'];
    const fold = (s: string) =>
      s.toLocaleLowerCase('tr-TR').replace(/ı/g, 'i').replace(/ş/g, 's').replace(/ğ/g, 'g').replace(/ç/g, 'c').replace(/ö/g, 'o').replace(/ü/g, 'u');
    const data: Item[] = Array.from({ length: 24_000 }, (_, i) => ({ name: `${NAMES[i % NAMES.length]} ${i}` }));
    const index = createTableIndex(data, NAME);
    buildHaystacks(index, () => false, true);
    expect(buildCharRows(index)).toBe(true);
    expect(index.charRows?.complete).toBe(true);
    const fresh = (q: string) => {
      const words = fold(q).split(' ');
      return Array.from({ length: data.length }, (_, i) => i).filter((i) => words.every((w) => fold(data[i]!.name).includes(w)));
    };
    // By hand: "y" is in "yıldız Dağıtım", "Yılmaz Ağaç" and "Kaya İnşaat": 3 of every 8 rows.
    expect(Array.from(viewOrder(index, [], 'y'))).toEqual(fresh('y'));
    expect(viewOrder(index, [], 'y').length).toBe(9000);
    // Typed one key at a time (each search narrows the last result), and a character no name holds.
    for (const q of ['y', 'yı', 'yıl', 'yıld', 'yıldı', 'ş', 'şi', 'Ş', 'I', 'İ', 'ğ', 'ğa', '7', 'q']) {
      expect(Array.from(viewOrder(index, [], q)), q).toEqual(fresh(q));
    }
    // "ş" (searched as "s"): İzmir Şişecam, IŞIK Gıda, Uğur Sağlık, Kaya İnşaat: 4 of 8; "q" finds nothing.
    expect(viewOrder(index, [], 'ş').length).toBe(12000);
    expect(viewOrder(index, [], 'q').length).toBe(0);
    // Sorted by name, the one-character search keeps the sorted order.
    const sorted = viewOrder(index, [{ id: 'name', desc: false }], 'ğ');
    expect(new Set(sorted)).toEqual(new Set(fresh('ğ')));
    expect(names(data, sorted).slice(0, 2)).toEqual(['Doğan Çelik 4', 'Doğan Çelik 12']);
  });

  it('a very big table: one character puts the rows where it starts a word first, read from its row map', () => {
    const NAMES = ['Kaya İnşaat', 'yıldız Dağıtım', 'Yılmaz Ağaç', 'Doğan Çelik', 'Ay Yapı'];
    const data: Item[] = Array.from({ length: 24_000 }, (_, i) => ({ name: `${NAMES[i % NAMES.length]} ${i}` }));
    const index = createTableIndex(data, NAME);
    buildHaystacks(index, () => false, true);
    expect(buildCharRows(index)).toBe(true);
    const all = Array.from({ length: data.length }, (_, i) => i);
    // By hand: "y" starts a word in "yıldız …", "Yılmaz …" and "Ay Yapı" (its second word); it is only
    // inside a word in "Kaya İnşaat" (and "Ay" holds none at a start). Each group keeps the list's order.
    const first = all.filter((i) => [1, 2, 4].includes(i % 5));
    const then = all.filter((i) => i % 5 === 0);
    expect(Array.from(viewOrder(index, [], 'y', true))).toEqual([...first, ...then]);
    // A digit: "7" starts the number in rows 7, 70–79, 700–799, 7000–7999; inside it elsewhere.
    const seven = viewOrder(index, [], '7', true);
    const starts7 = all.filter((i) => String(i).startsWith('7'));
    expect(Array.from(seven.subarray(0, starts7.length))).toEqual(starts7);
    expect(new Set(seven.subarray(starts7.length))).toEqual(new Set(all.filter((i) => String(i).includes('7') && !String(i).startsWith('7'))));
    // The same order as the row-by-row test on a table without the maps, for other characters.
    const plain = createTableIndex([...data], NAME);
    for (const q of ['ş', 'a', 'İ', 'ç', 'q']) expect(Array.from(viewOrder(index, [], q, true)), q).toEqual(Array.from(viewOrder(plain, [], q, true)));
    // Longer tokens over a wide result (read from the joined text): by hand, "ya" starts "Yapı" (and
    // "yıldız"? no: "yi…"), sits inside "Kaya"; "ağ" (searched "ag") starts "Ağaç", sits inside "Dağıtım".
    const ya = viewOrder(index, [], 'ya', true);
    const yaFirst = all.filter((i) => i % 5 === 4);
    expect(Array.from(ya.subarray(0, yaFirst.length))).toEqual(yaFirst);
    expect(Array.from(ya.subarray(yaFirst.length))).toEqual(all.filter((i) => i % 5 === 0));
    const ag = viewOrder(index, [], 'ağ', true);
    expect(Array.from(ag.subarray(0, 4800))).toEqual(all.filter((i) => i % 5 === 2));
    for (const q of ['yı', 'ya', 'ağ', 'ka ya', '12', '239', 'inş 7', 'zz'])
      expect(Array.from(viewOrder(index, [], q, true)), q).toEqual(Array.from(viewOrder(plain, [], q, true)));
  });

  it('a very big table: a longer token that sits inside a word before it starts one in the same row still puts that row first', () => {
    const NAMES = ['Kaya Yapı', 'Kaya Ltd', 'Yapı Kaya', 'Doğan Çelik'];
    const data: Item[] = Array.from({ length: 24_000 }, (_, i) => ({ name: `${NAMES[i % NAMES.length]} ${i}` }));
    const index = createTableIndex(data, NAME);
    buildHaystacks(index, () => false, true);
    expect(buildCharRows(index)).toBe(true);
    const all = Array.from({ length: data.length }, (_, i) => i);
    // By hand: "ya" is first inside "Kaya", then starts "Yapı" in "Kaya Yapı" (first group); it starts
    // "Yapı Kaya" (first group); it is only inside "Kaya" in "Kaya Ltd" (second); "Doğan Çelik" has none.
    const expected = [...all.filter((i) => i % 4 === 0 || i % 4 === 2), ...all.filter((i) => i % 4 === 1)];
    expect(Array.from(viewOrder(index, [], 'y', true)).length).toBe(18_000);
    expect(Array.from(viewOrder(index, [], 'ya', true))).toEqual(expected);
    // Both words must start a word: "Kaya Ltd" holds "ya" only inside "Kaya".
    expect(Array.from(viewOrder(index, [], 'ya ka', true))).toEqual(expected);
    expect(Array.from(viewOrder(index, [], 'ka ya', true))).toEqual(expected);
  });

  it('a very big table: the row maps built after a keystroke hold, for each next character, exactly the rows a fresh search finds, and the next keystroke reads them', () => {
    const NAMES = ['Kaya Yapı', 'yıldız Dağıtım', 'Yılmaz Ağaç', 'Doğan Çelik', 'Ay Yapı', 'Kayalar Gıda'];
    const fold = (s: string) =>
      s.toLocaleLowerCase('tr-TR').replace(/ı/g, 'i').replace(/ş/g, 's').replace(/ğ/g, 'g').replace(/ç/g, 'c').replace(/ö/g, 'o').replace(/ü/g, 'u');
    const data: Item[] = Array.from({ length: 24_000 }, (_, i) => ({ name: `${NAMES[i % NAMES.length]} ${i}` }));
    const index = createTableIndex(data, NAME);
    buildHaystacks(index, () => false, true);
    expect(buildCharRows(index)).toBe(true);
    const plain = createTableIndex([...data], NAME);
    const all = Array.from({ length: data.length }, (_, i) => i);
    // "y" is in 5 of the 6 names (20,000 rows): wide, so the maps for the next character are built.
    const y = viewOrder(index, [], 'y', true);
    expect(y.length).toBe(20_000);
    // Built in slices (asked to stop at every chance), to the end.
    let slices = 1;
    while (!buildNextMarks(index, queryTokens('y'), y.length, () => true)) slices++;
    expect(slices).toBeGreaterThan(1);
    expect(index.next?.complete).toBe(true);
    // Each next character's rows, and where token + character starts a word, by a hand fold of the names.
    for (const [code, bytes] of index.next!.byNext) {
      const q = `y${String.fromCharCode(code)}`;
      expect(
        all.filter((i) => bytes[i] !== 0),
        q,
      ).toEqual(all.filter((i) => fold(data[i]!.name).includes(q)));
      expect(
        all.filter((i) => (bytes[i]! & 2) !== 0),
        q,
      ).toEqual(all.filter((i) => ` ${fold(data[i]!.name)}`.includes(` ${q}`)));
    }
    // By hand: after "y" come "a" (Kaya, Yapı, Kayalar), "i" (yıldız, Yılmaz) and a space ("Ay "): nothing else.
    expect([...index.next!.byNext.keys()].map((c) => String.fromCharCode(c)).sort()).toEqual([' ', 'a', 'i']);
    // The keystrokes read the maps and order word starts first exactly as the row-by-row search does.
    for (const q of ['ya', 'yı', 'yq']) expect(Array.from(viewOrder(index, [], q, true)), q).toEqual(Array.from(viewOrder(plain, [], q, true)));
    // "ya": starts "Yapı" in Kaya Yapı and Ay Yapı (first), only inside "Kaya"/"Kayalar" in Kayalar Gıda (then).
    expect(Array.from(viewOrder(index, [], 'ya', true))).toEqual([...all.filter((i) => i % 6 === 0 || i % 6 === 4), ...all.filter((i) => i % 6 === 5)]);
    // "yıl" (yıldız, Yılmaz: 8,000 rows, over an eighth of 24,000) is wide too: its maps replace those of "y".
    const yil = viewOrder(index, [], 'yıl', true);
    buildNextMarks(index, queryTokens('yıl'), yil.length);
    expect(index.next?.token).toBe('yil');
    expect(Array.from(viewOrder(index, [], 'yıld', true))).toEqual(all.filter((i) => i % 6 === 1));
    // Two words, or a result under 2,000 rows ("2399": rows 2399, 12399, 22399 and 23990–23999), build nothing.
    for (const q of ['kayalar 7', '2399']) {
      const shown = viewOrder(index, [], q, true);
      buildNextMarks(index, queryTokens(q), shown.length);
      expect(index.next?.token, q).toBe('yil');
    }
    expect(viewOrder(index, [], '2399', true).length).toBe(13);
  });

  it('ignores an unknown sort column (e.g. a stale ?sort= in the URL)', () => {
    const data: Item[] = [{ name: 'b' }, { name: 'a' }];
    expect(names(data, viewOrder(createTableIndex(data, NAME), [{ id: 'nope', desc: true }], ''))).toEqual(['b', 'a']);
  });

  it('a custom compare is honoured, ties in ERP order', () => {
    const cols: DataColumn<Item>[] = [{ id: 'len', header: 'Uzunluk', value: (r) => r.name, compare: (a, b) => a.name.length - b.name.length }];
    const data: Item[] = ['ccc', 'b', 'aa', 'd'].map((name) => ({ name }));
    expect(names(data, viewOrder(createTableIndex(data, cols), [{ id: 'len', desc: false }], ''))).toEqual(['b', 'd', 'aa', 'ccc']);
  });
});

describe('sort URL param', () => {
  it('round-trips "name" and "-balance", drops unknown ids', async () => {
    const { sortingFromParam, sortingToParam } = await import('../sort-param');
    expect(sortingFromParam('name')).toEqual([{ id: 'name', desc: false }]);
    expect(sortingFromParam('-balance')).toEqual([{ id: 'balance', desc: true }]);
    expect(sortingFromParam('-x', ['name', 'balance'])).toEqual([]);
    expect(sortingFromParam('')).toEqual([]);
    expect(sortingFromParam('-')).toEqual([]);
    expect(sortingToParam([{ id: 'balance', desc: true }])).toBe('-balance');
    expect(sortingToParam([])).toBe('');
  });
});
