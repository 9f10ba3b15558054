/**
 * CPU per campaign letter (`npx tsx bench/mutabakat-letter.ts`): BENCH_MUT_N (default 200) statements
 * read once from the bench's ERP (bench/mutabakat-erp.ts, no latency), then each letter built in this
 * thread (letter-build.ts: read, balance, PDF) and its CPU time taken with process.cpuUsage (the whole
 * process: V8's GC and compiler helper threads included) — a figure the machine's load hardly moves (the
 * wall-clock figures of bench/mutabakat.ts do). Prints the median and mean CPU ms a letter after a
 * warm-up of 20 letters, and (Linux) how much of it ran on this thread and on the helper threads.
 */
import { fork } from 'node:child_process';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { loadavg } from 'node:os';
import { upstreamSource } from '../server/app/erp';
import { erpDispatcher } from '../server/gateway/upstream';
import { buildLetter, type LetterInput } from '../server/mutabakat/letter-build';
import { percentile } from './stats';

const proc = fork(join(import.meta.dirname, 'mutabakat-erp.ts'), [], {
  execArgv: ['--import', 'tsx'],
  env: { ...process.env, BENCH_ERP_LATENCY_MS: '0' },
  stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
});
const { port, ids, apiPassword } = await new Promise<{ port: number; ids: string[]; apiPassword: string }>((ok) => proc.once('message', (m) => ok(m as never)));
const src = upstreamSource({
  erpBaseUrl: `http://127.0.0.1:${port}`,
  erpApiPassword: apiPassword,
  erpService: 'mobiusmus',
  erpTimeoutMs: 60_000,
  maxAnswerBytes: 256 << 20,
  transport: erpDispatcher(),
});
const n = Math.min(ids.length, Number(process.env.BENCH_MUT_N ?? 200));
const raws: { status: number; body: ArrayBuffer }[] = [];
for (const id of ids.slice(0, n)) raws.push(await src.statementRaw!(id));
proc.kill();
const company = { title: 'Örnek Ticaret A.Ş.', address: 'İstanbul', taxOffice: 'Kadıköy', taxNo: '1' };
const options = { statementLines: process.env.BENCH_LINES === '1', openItems: false, from: null };
const at = new Date('2026-11-27T05:00:00Z');
const input = (i: number): LetterInput => ({
  accountId: ids[i]!,
  account: { name: `Firma ${ids[i]}`, province: 'İstanbul', district: 'Kadıköy', currency: null },
  raw: { status: raws[i]!.status, body: raws[i]!.body.slice(0) },
  asOf: '2026-06-30',
  options,
  company,
  ttk94Clause: true,
  today: '2026-11-27',
  madeAt: '27.11.2026 08:00',
  at: at.toISOString(),
});
/** CPU ms so far of this thread and of the process's other threads (V8's GC and compiler helpers), Linux. */
const snap = () => {
  const out = { main: 0, other: 0 };
  if (!existsSync('/proc/self/task')) return out;
  for (const tid of readdirSync('/proc/self/task')) {
    const f = readFileSync(`/proc/self/task/${tid}/stat`, 'utf8');
    const r = f.slice(f.lastIndexOf(')') + 2).split(' ');
    out[Number(tid) === process.pid ? 'main' : 'other'] += (Number(r[14 - 3]) + Number(r[15 - 3])) * 10;
  }
  return out;
};
let s0 = snap();
const times: number[] = [];
let bytes = 0;
for (let k = 0; k < n + 20; k++) {
  const i = k % n;
  if (k === 20) s0 = snap();
  const c0 = process.cpuUsage();
  const b = await buildLetter(input(i));
  const c = process.cpuUsage(c0);
  if (k >= 20) {
    times.push((c.user + c.system) / 1000);
    bytes += b.pdf.byteLength;
  }
}
const mean = times.reduce((a, b) => a + b, 0) / times.length;
console.info(
  `[bench:letter] ${times.length} letters (lines ${options.statementLines ? 'on' : 'off'}): CPU a letter median ${percentile(times, 50).toFixed(2)} ms, mean ${mean.toFixed(2)} ms, p95 ${percentile(times, 95).toFixed(2)} ms; PDF ${(bytes / times.length / 1024).toFixed(1)} KiB a letter (load ${loadavg()[0]!.toFixed(1)})`,
);
const s1 = snap();
console.info(
  `[bench:letter] of which this thread ${((s1.main - s0.main) / n).toFixed(2)} ms a letter, the process's other threads ${((s1.other - s0.other) / n).toFixed(2)} ms`,
);
process.exit(0);
