import { getDataset } from '../../server/demo-erp/index';
const ds = getDataset({ size: 'large' });
console.info(Object.keys(ds));
const accs = (ds as unknown as { accounts: { id: string; name: string; province: string }[] }).accounts;
console.info(accs.length, accs.slice(0, 15).map((a) => `${a.id} ${a.name} ${a.province}`).join('\n'));
for (const q of ['ığdır', 'gıda', 'ankar', 'tekst', 'yıldı', 'mersi']) console.info(q, accs.filter((a) => a.name.toLocaleLowerCase('tr').includes(q)).length);
