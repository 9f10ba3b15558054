/**
 * The one ERP reader timed in Node on large demo answers (the same code the browser runs):
 * body text → parseErpBody (JSON.parse after the "//" prefix/BOM) → readAccounts / readStatement.
 * The demo ERP renders the answers exactly as it sends them over HTTP.
 */
import { createDemoErp, getDataset, LARGE_ACCOUNT_COUNT, LARGE_STATEMENT_ACCOUNT_ID, LARGE_STATEMENT_LINES } from '../server/demo-erp/index';
import type { ShapeName } from '../server/demo-erp/index';
import { parseErpBody, readAccounts, readStatement } from '../src/domain/reader';
import { computeStatement } from '../src/domain/running-balance';
import { openItems } from '../src/domain/ledger';
import { createTableIndex, sortedOrder } from '../src/components/data-table/row-order';
import type { DataColumn } from '../src/components/data-table/types';
import type { Account } from '../src/domain/erp-types';
import { figure, type Figure } from './stats';

const PASSWORD = 'bench-only-password';

async function answer(shape: ShapeName, op: string, params: Record<string, string>): Promise<string> {
  const erp = createDemoErp({ apiPassword: PASSWORD, size: 'large', shape });
  const res = await erp.fetch(
    new Request(`http://127.0.0.1/wex.cfm/mobiusmus/${op}?password=${PASSWORD}`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded; charset=UTF-8' },
      body: new URLSearchParams(params).toString(),
    }),
  );
  if (!res.ok) throw new Error(`demo ERP ${op} (${shape}): HTTP ${res.status}`);
  return res.text();
}

/** Wall times of `runs` calls after one warm-up (JIT); `cpu` collects this process's CPU time per call too. */
function time(runs: number, fn: () => void, cpu?: number[]): number[] {
  fn();
  const out: number[] = [];
  for (let i = 0; i < runs; i++) {
    const c0 = process.cpuUsage();
    const t0 = performance.now();
    fn();
    out.push(performance.now() - t0);
    const c = process.cpuUsage(c0);
    cpu?.push((c.user + c.system) / 1000);
  }
  return out;
}

export async function measureReader(runs: number): Promise<{ figures: Record<string, Figure>; notes: string[] }> {
  const notes: string[] = [];
  const t0 = performance.now();
  const dataset = getDataset({ size: 'large' });
  notes.push(
    `Demo ERP large dataset (${dataset.accounts.length.toLocaleString('en')} accounts, ${dataset.invoices.length.toLocaleString('en')} invoices) generated in ${Math.round(dataset.generatedMs)} ms (first use in this process: ${Math.round(performance.now() - t0)} ms).`,
  );

  const cfColumn = await answer('cf-column', 'get_cari', { firma_ismi: '' });
  const wex = await answer('wex', 'get_cari', { firma_ismi: '' });
  const statementWex = await answer('wex', 'get_cari_extre', { cari_id: LARGE_STATEMENT_ACCOUNT_ID });

  let accounts = 0;
  let firstBalance: number | null = null;
  const cfCpu: number[] = [];
  const cf = time(
    runs,
    () => {
      const list = readAccounts(parseErpBody(cfColumn));
      accounts = list.accounts.length;
      firstBalance = list.accounts[0]?.balance ?? null;
    },
    cfCpu,
  );
  if (accounts !== LARGE_ACCOUNT_COUNT) throw new Error(`reader: ${accounts} accounts from the cf-column answer, expected ${LARGE_ACCOUNT_COUNT}`);
  if (typeof firstBalance !== 'number' || !Number.isInteger(firstBalance)) throw new Error('reader: balance is not integer kuruş');
  const wexTimes = time(runs, () => void readAccounts(parseErpBody(wex)));

  let lines = 0;
  const statement = readStatement(parseErpBody(statementWex));
  const st = time(runs, () => {
    lines = readStatement(parseErpBody(statementWex)).lines.length;
  });
  if (lines !== LARGE_STATEMENT_LINES) throw new Error(`reader: ${lines} statement lines, expected ${LARGE_STATEMENT_LINES}`);
  const compute = time(runs, () => void computeStatement(statement.lines, { today: dataset.today }));
  // The open-item engine (src/domain/ledger/) over the 50,000-line statement: open items, days,
  // buckets, which movement closed what (explain on, as the FIFO panel and the statement use it).
  let openCount = 0;
  const openTimes = time(runs, () => {
    const r = openItems(statement.lines, { asOf: dataset.today, explain: true });
    openCount = r.items.length;
  });
  if (openCount === 0) throw new Error('ledger: no open items from the 50k-line statement');

  // The DataTable's synchronous sort path (a header click before the background worker has answered).
  const list = readAccounts(parseErpBody(wex)).accounts;
  const nameColumn: DataColumn<Account> = { id: 'name', header: 'Firma Adı', value: (a) => a.name };
  const sortSync = time(runs, () => void sortedOrder(createTableIndex(list, [nameColumn]), nameColumn, false));

  notes.push(
    `Reader inputs: get_cari cf-column ${(cfColumn.length / 2 ** 20).toFixed(1)} MB, wex ${(wex.length / 2 ** 20).toFixed(1)} MB; get_cari_extre (50k lines, wex) ${(statementWex.length / 2 ** 20).toFixed(1)} MB. Times include JSON.parse.`,
  );
  return {
    figures: {
      'reader.cfColumn100kMs': figure(cf, 'ms'),
      'extra.reader.cfColumn100kCpuMs': figure(cfCpu, 'ms'),
      'extra.reader.wex100kMs': figure(wexTimes, 'ms'),
      'extra.reader.statement50kMs': figure(st, 'ms'),
      'extra.statement.runningBalance50kMs': figure(compute, 'ms'),
      'ledger.openItems50kMs': figure(openTimes, 'ms'),
      'extra.table.sortName100kSyncMs': figure(sortSync, 'ms'),
    },
    notes,
  };
}
