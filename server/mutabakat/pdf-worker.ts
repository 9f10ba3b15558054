/**
 * A letter thread (pdf-pool.ts): reads a statement, folds its balance and renders the letter's PDF
 * (letter-build.ts), so none of that CPU holds the gateway's event loop.
 */
import { parentPort } from 'node:worker_threads';
import { buildLetter, type LetterInput } from './letter-build';

export interface LetterJob {
  id: number;
  input: LetterInput;
}

parentPort?.on('message', (job: LetterJob) => {
  buildLetter(job.input).then(
    (built) => {
      const bytes = built.pdf.byteOffset === 0 && built.pdf.byteLength === built.pdf.buffer.byteLength ? built.pdf : built.pdf.slice();
      parentPort!.postMessage({ id: job.id, built: { ...built, pdf: bytes } }, [bytes.buffer as ArrayBuffer]);
    },
    (e: unknown) => parentPort!.postMessage({ id: job.id, error: (e as Error).message }),
  );
});
