/**
 * Letter PDFs off the event loop: one worker thread (pdf-worker.ts; the built server's
 * dist-server/pdf-worker.js) takes the letters in turn. If no worker can be started (an unusual
 * runtime), the letter is rendered in this thread — the same bytes, only blocking.
 * MUTABAKAT_PDF_THREAD=0 renders in this thread always.
 */
import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { Worker } from 'node:worker_threads';
import { letterPdf } from '../../src/domain/letter/letter-pdf';
import type { ReconciliationLetterProps } from '../../src/domain/letter/letter-text';
import type { PdfPart } from '../../src/domain/document/pdf-document';
import { renderPdf } from './pdf';

type Pending = { ok: (b: Buffer) => void; fail: (e: Error) => void };

let worker: Worker | null | undefined;
let nextId = 1;
const pending = new Map<number, Pending>();

function workerFile(): { file: string; tsx: boolean } | null {
  for (const rel of ['./pdf-worker.js', '../pdf-worker.js']) {
    const f = fileURLToPath(new URL(rel, import.meta.url));
    if (existsSync(f)) return { file: f, tsx: false };
  }
  const ts = fileURLToPath(new URL('./pdf-worker.ts', import.meta.url));
  return existsSync(ts) ? { file: ts, tsx: true } : null;
}

function start(): Worker | null {
  if (process.env.MUTABAKAT_PDF_THREAD === '0') return null;
  const found = workerFile();
  if (!found) return null;
  try {
    // From source (dev server, tests): the worker registers tsx's loader itself, then loads the module.
    // (tsx's ESM entry: the require-resolved .cjs path's .mjs sibling, per its package exports.)
    const api = found.tsx ? pathToFileURL(createRequire(import.meta.url).resolve('tsx/esm/api').replace(/\.cjs$/, '.mjs')).href : '';
    const w = found.tsx
      ? new Worker(`import(${JSON.stringify(api)}).then((m) => { m.register(); return import(${JSON.stringify(pathToFileURL(found.file).href)}); });`, { eval: true })
      : new Worker(found.file);
    w.unref();
    w.on('message', (m: { id: number; bytes?: Uint8Array; error?: string }) => {
      const p = pending.get(m.id);
      if (!p) return;
      pending.delete(m.id);
      if (m.bytes) p.ok(Buffer.from(m.bytes.buffer, m.bytes.byteOffset, m.bytes.byteLength));
      else p.fail(new Error(m.error ?? 'PDF oluşturulamadı'));
    });
    const down = (e: Error) => {
      for (const p of pending.values()) p.fail(e);
      pending.clear();
      worker = undefined; // started again on the next letter
    };
    w.on('error', down);
    w.on('exit', () => down(new Error('PDF iş parçacığı durdu')));
    return w;
  } catch {
    return null;
  }
}

export function letterPdfBytes(props: ReconciliationLetterProps, title: string, madeAt: string): Promise<Buffer> {
  if (worker === undefined) worker = start();
  const w = worker;
  if (!w) return renderPdf([letterPdf(props) as PdfPart], title, madeAt);
  const id = nextId++;
  return new Promise<Buffer>((ok, fail) => {
    pending.set(id, { ok, fail });
    w.postMessage({ id, props, title, madeAt });
  });
}

/** Stops the worker (tests, shutdown). */
export async function stopPdfWorker(): Promise<void> {
  const w = worker;
  worker = undefined;
  if (w) await w.terminate();
}
