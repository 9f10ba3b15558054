/**
 * pdfmake itself: turns a document definition (plain data: pdf-document.ts pdfDefinition) into the
 * PDF. Runs in the PDF worker (pdf-worker.ts), or on the page where there are no workers. The table
 * layouts are functions, so they live here and the definition names them.
 */
import type { TDocumentDefinitions } from 'pdfmake/interfaces';

export const LAYOUTS = {
  /** The page head: one rule under it. */
  docHead: { hLineWidth: (i: number) => (i === 1 ? 1 : 0), vLineWidth: () => 0, paddingLeft: () => 0, paddingRight: () => 4, paddingBottom: () => 3 },
  /** The table: black rules around the column headers, grey between rows, the print's padding. */
  docTable: {
    hLineWidth: (i: number) => (i === 0 ? 0 : 0.75),
    vLineWidth: () => 0,
    hLineColor: (i: number) => (i <= 1 ? '#000000' : '#bbbbbb'),
    paddingTop: () => 1,
    paddingBottom: () => 1,
    paddingLeft: () => 2.83,
    paddingRight: () => 2.83,
  },
};

export async function renderPdf(doc: TDocumentDefinitions): Promise<Blob> {
  const [{ default: pdfMake }, { default: vfs }] = await Promise.all([import('pdfmake/build/pdfmake'), import('pdfmake/build/vfs_fonts')]);
  pdfMake.addVirtualFileSystem(vfs);
  pdfMake.addTableLayouts(LAYOUTS);
  return pdfMake.createPdf(doc).getBlob();
}
