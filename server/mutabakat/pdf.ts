/**
 * PDFs in Node with pdfmake's server build, from the same document definitions the browser's
 * "PDF indir" uses (src/components/document/pdf-document.ts pdfDefinition, letter-pdf.ts letterPdf):
 * the mailed letter is the browser's letter. Fonts: pdfmake's own Roboto files (Turkish letters).
 */
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import type { TDocumentDefinitions } from 'pdfmake/interfaces';
import { pdfDefinition, type PdfPart } from '../../src/components/document/pdf-document';

const require = createRequire(import.meta.url);

interface PdfMakeServer {
  setFonts(fonts: Record<string, Record<string, string>>): void;
  setUrlAccessPolicy?(cb: (url: string) => boolean): void;
  setLocalAccessPolicy?(cb: (path: string) => boolean): void;
  createPdf(doc: TDocumentDefinitions): { getBuffer(): Promise<Buffer> };
}

let maker: PdfMakeServer | undefined;
function pdfmake(): PdfMakeServer {
  if (maker) return maker;
  const m = require('pdfmake') as PdfMakeServer;
  const fonts = join(dirname(require.resolve('pdfmake/package.json')), 'fonts', 'Roboto');
  m.setFonts({
    Roboto: {
      normal: join(fonts, 'Roboto-Regular.ttf'),
      bold: join(fonts, 'Roboto-Medium.ttf'),
      italics: join(fonts, 'Roboto-Italic.ttf'),
      bolditalics: join(fonts, 'Roboto-MediumItalic.ttf'),
    },
  });
  // Documents are ours; still, no remote fetches.
  m.setUrlAccessPolicy?.(() => false);
  m.setLocalAccessPolicy?.((path) => path.startsWith(fonts));
  maker = m;
  return m;
}

export async function renderPdf(parts: readonly PdfPart[], title: string, madeAt: string): Promise<Buffer> {
  return pdfmake().createPdf(pdfDefinition(parts, { title }, madeAt)).getBuffer();
}
