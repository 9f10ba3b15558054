/**
 * A PDF read back as a reader of the file would: its text by poppler's pdftotext, the bytes given on
 * stdin (no file written, so nothing is left in the temp folder).
 */
import { execFileSync } from 'node:child_process';

/** The text as laid out on the page (`pdftotext -layout`); `layout: false` for pdftotext's reading order. */
export function pdfText(pdf: Uint8Array | ArrayBuffer, options: { layout?: boolean } = {}): string {
  const args = options.layout === false ? ['-', '-'] : ['-layout', '-', '-'];
  return execFileSync('pdftotext', args, { input: Buffer.from(pdf instanceof ArrayBuffer ? new Uint8Array(pdf) : pdf), encoding: 'utf8', maxBuffer: 64 << 20 });
}

/** The text with every run of white space made one space: for phrases that a line break may cut. */
export const pdfWords = (pdf: Uint8Array | ArrayBuffer, options: { layout?: boolean } = {}): string => pdfText(pdf, options).replace(/\s+/g, ' ');
