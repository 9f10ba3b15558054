/**
 * A worker thread that makes letter PDFs (pdf-pool.ts), so pdfmake's seconds of CPU per batch never
 * hold the gateway's event loop: it builds the browser's letter definition from plain data and renders it.
 */
import { parentPort } from 'node:worker_threads';
import { letterPdf } from '../../src/domain/letter/letter-pdf';
import type { ReconciliationLetterProps } from '../../src/domain/letter/letter-text';
import type { PdfPart } from '../../src/domain/document/pdf-document';
import { renderPdf } from './pdf';

export interface PdfJob {
  id: number;
  props: ReconciliationLetterProps;
  title: string;
  madeAt: string;
}

parentPort?.on('message', (job: PdfJob) => {
  renderPdf([letterPdf(job.props) as PdfPart], job.title, job.madeAt).then(
    (buf) => {
      const bytes = new Uint8Array(buf.buffer, buf.byteOffset, buf.byteLength).slice();
      parentPort!.postMessage({ id: job.id, bytes }, [bytes.buffer]);
    },
    (e: unknown) => parentPort!.postMessage({ id: job.id, error: (e as Error).message }),
  );
});
