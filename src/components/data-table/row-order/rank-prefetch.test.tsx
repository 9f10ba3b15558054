// Background ranking (prefetchRanks): the worker's answer is what a later header click uses, and a
// missing or bad answer leaves the column to be ranked on demand with the same result.
import { createTableIndex, prefetchRanks, textRanks, viewOrder } from '.';
import type { DataColumn } from '../types';

interface Row {
  name: string;
  city: string;
  amount: number;
}
const COLUMNS: DataColumn<Row>[] = [
  { id: 'name', header: 'Ad', value: (r) => r.name },
  { id: 'city', header: 'İl', value: (r) => r.city },
  { id: 'amount', header: 'Tutar', kind: 'money', value: (r) => r.amount },
  { id: 'fixed', header: 'Sabit', value: () => 'x', sortable: false },
];
const CITIES = ['İzmir', 'Iğdır', 'Çorum', 'Ankara'];
// 2,500 distinct names (the worker path starts at 2,000 distinct values): "Firma 1" … "Firma 2500" plus
// three Turkish-alphabet names that must land after every "Firma …" / before "G…".
const makeRows = (): Row[] => [
  ...Array.from({ length: 2497 }, (_, i) => ({ name: `Firma ${2497 - i}`, city: CITIES[i % 4] as string, amount: i % 7 })),
  { name: 'Ğ Gıda', city: 'Iğdır', amount: 1 },
  { name: 'Çiçek', city: 'Çorum', amount: 2 },
  { name: 'Ilık Su', city: 'Ankara', amount: 3 },
];
const namesInOrder = (rows: Row[], order: Int32Array, n: number) => Array.from(order.subarray(0, n), (i) => rows[i]?.name);

describe('prefetchRanks', () => {
  it('ranks big text columns through rankText and small ones in place; a later sort uses them', async () => {
    const rows = makeRows();
    const index = createTableIndex(rows, COLUMNS);
    const asked: number[] = [];
    await prefetchRanks(
      index,
      async (uniq) => (asked.push(uniq.length), textRanks(uniq)),
      () => false,
    );
    expect(asked).toEqual([2500]); // only the name column went to the "worker"
    expect([...index.ranks.keys()].sort()).toEqual(['amount', 'city', 'name']);
    const order = viewOrder(index, [{ id: 'name', desc: false }], '');
    // by hand: Turkish alphabet c < ç < f < g < ğ < h < ı: "Çiçek", then Firma 1, 2, … (numeric), "Ğ Gıda", "Ilık Su"
    expect(namesInOrder(rows, order, 4)).toEqual(['Çiçek', 'Firma 1', 'Firma 2', 'Firma 3']);
    expect(Array.from(order.subarray(order.length - 3), (i) => rows[i]?.name)).toEqual(['Firma 2497', 'Ğ Gıda', 'Ilık Su']);
    const byCity = viewOrder(index, [{ id: 'city', desc: false }], '');
    expect(rows[byCity[0] as number]?.city).toBe('Ankara');
    expect(rows[byCity[byCity.length - 1] as number]?.city).toBe('İzmir'); // Ankara < Çorum < Iğdır < İzmir
  });

  it('without a worker answer the column is ranked on demand with the same order', async () => {
    const rows = makeRows();
    const index = createTableIndex(rows, COLUMNS);
    await prefetchRanks(
      index,
      async () => null,
      () => false,
    );
    expect(index.ranks.has('name')).toBe(false);
    const order = viewOrder(index, [{ id: 'name', desc: true }], '');
    expect(namesInOrder(rows, order, 3)).toEqual(['Ilık Su', 'Ğ Gıda', 'Firma 2497']);
  });

  it('a wrong-sized answer is ignored, and cancelling stops before the next column', async () => {
    const rows = makeRows();
    const index = createTableIndex(rows, COLUMNS);
    await prefetchRanks(
      index,
      async () => new Int32Array(3),
      () => false,
    );
    expect(index.ranks.has('name')).toBe(false);
    const other = createTableIndex(makeRows(), COLUMNS);
    await prefetchRanks(
      other,
      async (uniq) => textRanks(uniq),
      () => true,
    );
    expect(other.ranks.size).toBe(0);
  });
});
