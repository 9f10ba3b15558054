/**
 * Web Worker: renders a PDF (pdf-render.ts) off the page, so a document that takes long to lay out
 * never freezes the tab; the page ends it after a time limit (pdf-blob.ts renderInWorker).
 * In: { doc } (a definition of plain data); out: { blob } or { error }.
 */
import type { TDocumentDefinitions } from 'pdfmake/interfaces';
import { renderPdf } from '../../domain/document/pdf-render';

self.onmessage = async (event: MessageEvent<{ doc: TDocumentDefinitions }>) => {
  try {
    self.postMessage({ blob: await renderPdf(event.data.doc) });
  } catch (error) {
    self.postMessage({ error: error instanceof Error ? error.message : String(error) });
  }
};
