/**
 * Web Worker: writes the .xlsx (xlsx-build.ts) of a SheetPlan the page read (xlsx-writer.ts), so a
 * 100,000-row export never freezes the page. Messages: in { id, plan }; out { id, done } (rows
 * written, for the progress bar), then { id, blob } or { id, error }.
 */
import { buildXlsx, type SheetPlan } from './xlsx-build';

self.onmessage = async (event: MessageEvent<{ id: number; plan: SheetPlan }>) => {
  const { id, plan } = event.data;
  try {
    let last = 0;
    const blob = await buildXlsx(plan, (done) => {
      if (done - last >= 8000 || done === plan.rows.count) {
        last = done;
        self.postMessage({ id, done });
      }
    });
    self.postMessage({ id, blob });
  } catch (error) {
    self.postMessage({ id, error: error instanceof Error ? error.message : String(error) });
  }
};
