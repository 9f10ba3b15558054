/**
 * "PDF indir" off the page: the definition (domain/document/pdf-document.ts) is rendered in a fresh
 * Web Worker (pdf-worker.ts) that is ended when done or after a time limit, so no document can hang
 * the tab. Browser-only, so it lives here and not in the domain layer.
 */
import type { TDocumentDefinitions } from 'pdfmake/interfaces';
import { pdfDefinition, type PdfPart } from '../../domain/document/pdf-document';
import { renderPdf } from '../../domain/document/pdf-render';

/** How long a PDF may take before it is given up (the page never waits on it: it renders in a worker). */
export const PDF_TIME_LIMIT_MS = 60_000;

/** A PDF that took longer than its time limit. */
export class PdfTimeoutError extends Error {
  constructor() {
    super('pdf_timeout');
    this.name = 'PdfTimeoutError';
  }
}

/** The worker the PDF renders in, or null where there are none (then it renders on the page). */
function pdfWorker(): Worker | null {
  if (typeof Worker === 'undefined') return null;
  return new Worker(new URL('./pdf-worker.ts', import.meta.url), { type: 'module' });
}

/**
 * Renders `doc` in a fresh worker, ended when done or after `timeoutMs` (PdfTimeoutError): one
 * document can never hold the page or a worker for longer. Where no worker can be made, on the page.
 */
export function renderInWorker(doc: TDocumentDefinitions, options: { timeoutMs?: number; makeWorker?: () => Worker | null } = {}): Promise<Blob> {
  const worker = (options.makeWorker ?? pdfWorker)();
  if (!worker) return renderPdf(doc);
  return new Promise<Blob>((resolve, reject) => {
    const end = () => {
      clearTimeout(timer);
      worker.terminate();
    };
    const timer = setTimeout(() => {
      end();
      reject(new PdfTimeoutError());
    }, options.timeoutMs ?? PDF_TIME_LIMIT_MS);
    worker.onmessage = (event: MessageEvent<{ blob?: Blob; error?: string }>) => {
      end();
      if (event.data.blob) resolve(event.data.blob);
      else reject(new Error(event.data.error ?? 'pdf worker'));
    };
    worker.onerror = (event) => {
      event.preventDefault();
      end();
      reject(new Error('pdf worker failed'));
    };
    worker.postMessage({ doc });
  });
}

/** The PDF of the parts, one after another (each from a new page), rendered off the page. */
export function pdfBlob(parts: readonly PdfPart[], info: { title: string }): Promise<Blob> {
  return renderInWorker(pdfDefinition(parts, info));
}
