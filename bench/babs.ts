/**
 * Ba/Bs figures (`npm run bench:babs`, also run by `npm run bench`):
 *  babs.month100kMs  the month's Ba/Bs list of the large demo (100,000 accounts, its invoices) once the
 *                    get_fatura answer is in: reading the answer (the one reader), the documents, and the
 *                    lines per counterparty and form (target ≤ 2,000 ms);
 *  babs.computeMs    the documents and lines alone (the answer already read).
 * Median, min, max of BENCH_RUNS (default 5) after one warm-up. Writes bench/results-babs.json.
 */
import { writeFileSync } from 'node:fs';
import { performance } from 'node:perf_hooks';
import { createDemoErp } from '../server/demo-erp/index';
import { parseErpBody, readTableAnswer } from '../src/domain/reader';
import { babsDocs } from '../src/domain/babs/docs';
import { computeBabs } from '../src/domain/babs/compute';
import { DEFAULT_THRESHOLD } from '../src/domain/babs/threshold';
import { figure } from './stats';

const RUNS = Number(process.env.BENCH_RUNS ?? 5);
const PASSWORD = 'bench-only-password';
const MONTH = '2026-10';

async function main() {
  const erp = createDemoErp({ apiPassword: PASSWORD, size: 'large', today: '2026-11-15' });
  const res = await erp.fetch(
    new Request(`http://127.0.0.1/wex.cfm/mobiusmus/get_fatura?password=${PASSWORD}`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded; charset=UTF-8' },
      body: new URLSearchParams({ fatura_no: '', firma_ismi: '' }).toString(),
    }),
  );
  const text = await res.text();
  const whole: number[] = [];
  const compute: number[] = [];
  let last = computeBabs(babsDocs(readTableAnswer(parseErpBody(text), 'invoice')), MONTH, DEFAULT_THRESHOLD);
  for (let i = 0; i < RUNS; i++) {
    const t0 = performance.now();
    const table = readTableAnswer(parseErpBody(text), 'invoice');
    const t1 = performance.now();
    last = computeBabs(babsDocs(table), MONTH, DEFAULT_THRESHOLD);
    const t2 = performance.now();
    whole.push(t2 - t0);
    compute.push(t2 - t1);
  }
  const figures = { 'babs.month100kMs': figure(whole, 'ms'), 'babs.computeMs': figure(compute, 'ms') };
  const note = `${erp.dataset.accounts.length.toLocaleString('en')} accounts, ${erp.dataset.invoices.length.toLocaleString('en')} invoices in the answer (${(text.length / 1e6).toFixed(1)} MB); ${MONTH}: ${last.documents} documents, ${last.lines.length} counterparties, ${last.lines.filter((l) => l.bs.reportable).length} reportable on Bs, ${last.lines.filter((l) => l.ba.reportable).length} on Ba, ${last.unclassified.length} unclassified`;
  console.info(`[bench:babs] ${note}`);
  for (const [k, f] of Object.entries(figures))
    console.info(
      `[bench:babs] ${k}: median ${f.median} ms (min ${f.min}, max ${f.max})${k === 'babs.month100kMs' ? ` — target ≤ 2000 ms: ${f.median <= 2000 ? 'met' : 'MISSED'}` : ''}`,
    );
  writeFileSync(new URL('./results-babs.json', import.meta.url), `${JSON.stringify({ figures, note, runs: RUNS }, null, 2)}\n`);
}

void main().catch((e: unknown) => {
  console.error(e);
  process.exit(1);
});
