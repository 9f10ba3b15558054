/**
 * Web Worker: writes the .xlsx (xlsx-build.ts) of a SheetPlan the page read (xlsx-writer.ts), so a
 * 100,000-row export never freezes the page. Request: the plan; progress: rows written (for the
 * progress bar); result: the file's Blob. Protocol: worker-rpc.ts.
 */
import { answerRpc } from '../../lib/worker-rpc-serve';
import { buildXlsx, type SheetPlan } from './xlsx-build';

answerRpc<SheetPlan, Blob>(async (plan, progress) => {
  let last = 0;
  const blob = await buildXlsx(plan, (done) => {
    if (done - last >= 8000 || done === plan.rows.count) {
      last = done;
      progress(done);
    }
  });
  return { result: blob };
});
