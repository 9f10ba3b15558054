import { createDemoErp } from '../../server/demo-erp/index';
import { parseErpBody, readAccounts, readStatement } from '../../src/api/reader';
const t0 = performance.now();
const erp = createDemoErp({ apiPassword: 'x', size: 'large', shape: 'cf-column' });
const req = (op: string, body: string) => new Request(`http://x/wex.cfm/mobiusmus/${op}?password=x`, { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body });
let res = await erp.fetch(req('get_cari', 'firma_ismi='));
let text = await res.text();
console.log('first answer (incl. dataset)', (performance.now() - t0).toFixed(0), 'ms', (text.length / 1e6).toFixed(1), 'MB', text.slice(0, 300));
for (let k = 0; k < 6; k++) {
  const a = performance.now();
  const json = parseErpBody(text);
  const b = performance.now();
  const list = readAccounts(json);
  const c = performance.now();
  console.log('parse', (b - a).toFixed(1), 'read', (c - b).toFixed(1), list.accounts.length, list.accounts[5]);
}
const t1 = performance.now();
res = await erp.fetch(req('get_cari_extre', 'cari_id=1000'));
text = await res.text();
console.log('extre', (performance.now() - t1).toFixed(0), (text.length / 1e6).toFixed(1), 'MB');
for (let k = 0; k < 3; k++) { const a = performance.now(); const s = readStatement(parseErpBody(text)); console.log('stmt', (performance.now() - a).toFixed(1), s.lines.length); }
const erpW = createDemoErp({ apiPassword: 'x', size: 'large' });
const t2 = performance.now();
res = await erpW.fetch(req('get_cari', 'firma_ismi='));
text = await res.text();
console.log('wex get_cari', (performance.now() - t2).toFixed(0), (text.length / 1e6).toFixed(1), 'MB');
