// Issue 36 (6): "PDF indir" of a statement whose description is one 30,000-character word froze the
// tab for more than a minute (pdfmake measures a too-long word again and again). Now every text is
// cut to 3,000 characters and given a break opportunity every 40, the PDF renders in a worker, and a
// render that takes longer than its time limit is given up (the worker ended) with a clear failure.
import type { Content } from 'pdfmake/interfaces';
import { paginate, type DocColumn } from '../../domain/document/paginate';
import { pdfDefinition, type PdfPart } from '../../domain/document/pdf-document';
import { PdfTimeoutError, pdfBlob, renderInWorker } from './pdf-blob';

type Row = { date: string; text: string; amount: string };
const columns: DocColumn<Row>[] = [
  { id: 'date', header: 'Tarih', chars: 10, text: (r) => r.date },
  { id: 'text', header: 'Açıklama', chars: 40, wrap: true, text: (r) => r.text },
  { id: 'amount', header: 'Tutar', chars: 14, align: 'end', text: (r) => r.amount },
];
const word = 'Ş'.repeat(30_000);
const rows: Row[] = [
  { date: '02.01.2026', text: 'Açılış', amount: '1.234,56' },
  { date: '03.01.2026', text: word, amount: '10,00' },
];
const spec = { head: { company: 'Örnek A.Ş.', title: 'Ekstre' }, columns, rows, orientation: 'portrait' as const };
const parts: PdfPart[] = [{ kind: 'table', spec: spec as never }];

/** Every text in a pdfmake content tree. */
function texts(node: unknown, out: string[] = []): string[] {
  if (typeof node === 'string') out.push(node);
  else if (Array.isArray(node)) for (const n of node) texts(n, out);
  else if (node && typeof node === 'object') for (const [k, v] of Object.entries(node)) if (k !== 'layout') texts(v, out);
  return out;
}

describe('a statement with a 30,000-character word', () => {
  it('is made into a PDF (within the test time limit: it took over a minute), its text cut and breakable', async () => {
    const blob = await pdfBlob(parts, { title: 'Ekstre' });
    expect(blob.size).toBeGreaterThan(1000);
    const all = texts(pdfDefinition(parts, { title: 'Ekstre' }).content as Content);
    const cell = all.find((s) => s.startsWith('ŞŞŞ'))!;
    const visible = cell.replace(/\u200b/g, '');
    // 3,000 characters: 2,999 of the word and "…".
    expect(visible).toBe('Ş'.repeat(2999) + '…');
    // A break opportunity after every 40: no run longer than 40 without one.
    expect(Math.max(...cell.split('\u200b').map((run) => [...run].length))).toBe(40);
  }, 20_000);

  it('the pages count the cut text: the long row fits one page (3,000 characters in a 40-character column ≈ 60 lines)', () => {
    const pages = paginate(spec);
    expect(pages.map((p) => p.rows.length)).toEqual([2]);
  });

  it('the definition is plain data (it goes to the worker) and a 1 MB title is cut to 200 characters', () => {
    const doc = pdfDefinition(parts, { title: 'B'.repeat(1_000_000) });
    expect(doc.info?.title).toBe('B'.repeat(199) + '…');
    expect(() => structuredClone(doc)).not.toThrow();
  });
});

describe('the PDF worker’s time limit', () => {
  it('a worker that does not answer in time is ended, and the PDF fails with PdfTimeoutError', async () => {
    let terminated = false;
    let posted: unknown;
    const silent = {
      postMessage: (m: unknown) => (posted = m),
      terminate: () => (terminated = true),
      onmessage: null,
      onerror: null,
    } as unknown as Worker;
    const started = performance.now();
    await expect(renderInWorker(pdfDefinition(parts, { title: 'Ekstre' }), { timeoutMs: 300, makeWorker: () => silent })).rejects.toBeInstanceOf(
      PdfTimeoutError,
    );
    expect(performance.now() - started).toBeGreaterThanOrEqual(290);
    expect(terminated).toBe(true);
    expect(posted).toMatchObject({ doc: { pageSize: 'A4' } });
  });

  it('the worker’s answer is the PDF, and the worker is ended', async () => {
    let terminated = false;
    const w = { terminate: () => (terminated = true), onmessage: null as null | ((e: MessageEvent) => void), onerror: null } as unknown as Worker & {
      onmessage: (e: MessageEvent) => void;
    };
    const pdf = new Blob(['%PDF-1.3']);
    w.postMessage = () => setTimeout(() => w.onmessage({ data: { blob: pdf } } as MessageEvent), 10);
    const blob = await renderInWorker(pdfDefinition(parts, { title: 'x' }), { makeWorker: () => w });
    expect(blob).toBe(pdf);
    expect(terminated).toBe(true);
  });
});
