import { createDemoErp } from './server/demo-erp/index';
import { brotliCompressSync, gzipSync, constants } from 'node:zlib';
const erp = createDemoErp({ apiPassword: 'x', size: 'large' } as never);
const res = await erp.fetch(new Request('http://x/wex.cfm/mobiusmus/get_cari?password=x', { method: 'POST', body: 'firma_ismi=', headers: { 'content-type': 'application/x-www-form-urlencoded' } }));
const buf = Buffer.from(await res.arrayBuffer());
const mb = buf.length / 1048576;
console.log('size', mb.toFixed(1), 'MB');
for (const q of [1, 2, 3, 4, 5]) { const t = performance.now(); const o = brotliCompressSync(buf, { params: { [constants.BROTLI_PARAM_QUALITY]: q, [constants.BROTLI_PARAM_SIZE_HINT]: buf.length } }); console.log('br', q, ((performance.now() - t) / mb).toFixed(1), 'ms/MB', (o.length / 1024).toFixed(0), 'KB'); }
for (const l of [1, 2, 3, 4, 5, 6]) { const t = performance.now(); const o = gzipSync(buf, { level: l }); console.log('gzip', l, ((performance.now() - t) / mb).toFixed(1), 'ms/MB', (o.length / 1024).toFixed(0), 'KB'); }
