/**
 * Web Worker: writes one large part of the .xlsx (xlsx-build.ts) — the worksheet of a SheetPlan the
 * page read, or the shared strings — so a 100,000-row export never freezes the page; xlsx-writer.ts
 * runs two of these at once. Request: the job; progress: rows written (for the progress bar); result:
 * the deflated part (its bytes transferred back). Protocol: worker-rpc.ts.
 */
import { answerRpc } from '../../lib/worker-rpc-serve';
import { sheetEntry, stringsEntry, type SheetPlan } from './xlsx-build';
import type { ZipEntry } from './zip';

export type XlsxJob = { part: 'sheet'; plan: SheetPlan } | { part: 'strings'; strings: string[]; count: number };

answerRpc<XlsxJob, ZipEntry>(async (job, progress) => {
  let last = 0;
  const part =
    job.part === 'sheet'
      ? await sheetEntry(job.plan, (done) => {
          if (done - last >= 8000 || done === job.plan.rows.count) {
            last = done;
            progress(done);
          }
        })
      : await stringsEntry(job.strings, job.count);
  return { result: part, transfer: [...new Set(part.compressed.map((c) => c.buffer))] };
});
