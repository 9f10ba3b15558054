import { getDataset } from '../../server/demo-erp/index';
import { getTableIndex, sortedOrder } from './row-order-copy';
import { trCollator } from '../../src/lib/turkish';
const accs = getDataset({ size: 'large' }).accounts.map((a) => ({ name: a.name, id: a.id }));
const col = { id: 'name', header: 'n', value: (a: { name: string }) => a.name };
for (let k = 0; k < 4; k++) {
  const data = accs.slice();
  const index = getTableIndex(data, [col]);
  const t0 = performance.now();
  sortedOrder(index, col, false);
  console.info('sortedOrder name', (performance.now() - t0).toFixed(0));
}
const names = [...new Set(accs.map((a) => a.name))];
console.info('distinct', names.length);
let t0 = performance.now();
for (let i = 1; i < names.length; i++) trCollator.compare(names[i - 1]!, names[i]!);
console.info('100k collator compares', (performance.now() - t0).toFixed(0));
t0 = performance.now();
const dec = names.map((n, i) => n.toLowerCase() + '\u0000' + i);
dec.sort();
console.info('decorated default sort', (performance.now() - t0).toFixed(0));
t0 = performance.now();
const idx = Array.from(names, (_, i) => i);
const low = names.map((n) => n.toLowerCase());
idx.sort((a, b) => (low[a]! < low[b]! ? -1 : low[a]! > low[b]! ? 1 : 0));
console.info('comparator sort', (performance.now() - t0).toFixed(0));
