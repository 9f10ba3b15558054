// Printed documents read back as a user gets them: Chromium's own PDF of the page (page.pdf(), the
// page's @page sizes honoured) or a downloaded PDF file, turned into text by poppler's pdftotext
// (a reader independent of the app), one string per page.
import { execFileSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { test, type Page } from '@playwright/test';

export interface PdfText {
  /** The text of each page (pdftotext -layout), in order. */
  pages: string[];
  /** Every page's text with runs of white space made one space (for phrases that wrap). */
  flat: string;
  /** Page sizes in points (width × height), from pdfinfo. */
  sizes: { width: number; height: number }[];
  file: string;
}

/** A PDF file's text and page sizes. */
export function pdfText(file: string): PdfText {
  const text = execFileSync('pdftotext', ['-layout', '-enc', 'UTF-8', file, '-'], { encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 });
  const pages = text.split('\f');
  if (pages.length > 1 && pages[pages.length - 1]!.trim() === '') pages.pop();
  const info = execFileSync('pdfinfo', ['-f', '1', '-l', String(pages.length), file], { encoding: 'utf8' });
  const sizes = [...info.matchAll(/Page\s+\d+ size:\s+([\d.]+) x ([\d.]+)/g)].map((m) => ({ width: Number(m[1]), height: Number(m[2]) }));
  return { pages, flat: pages.join(' ').replace(/\s+/g, ' '), sizes, file };
}

/**
 * Prints the page as it is to PDF (print media, its own @page sizes), and reads it back. The file is
 * kept with the test's output (test-results/e2e-<mode>/…, emptied by the next run) to be looked at.
 */
export async function printToPdf(page: Page, name: string): Promise<PdfText> {
  await page.emulateMedia({ media: 'print' });
  // Tables render every row on beforeprint (page.pdf() does not fire it).
  await page.evaluate(() => window.dispatchEvent(new Event('beforeprint')));
  const pdf = await page.pdf({ preferCSSPageSize: true, printBackground: true });
  await page.evaluate(() => window.dispatchEvent(new Event('afterprint')));
  await page.emulateMedia({ media: 'screen' });
  const file = test.info().outputPath(`${name}.pdf`);
  writeFileSync(file, pdf);
  return pdfText(file);
}

/** A4 in points: 595.28 × 841.89 (portrait). */
export function isA4(size: { width: number; height: number }): 'portrait' | 'landscape' | false {
  const near = (a: number, b: number) => Math.abs(a - b) < 2;
  if (near(size.width, 595.28) && near(size.height, 841.89)) return 'portrait';
  if (near(size.width, 841.89) && near(size.height, 595.28)) return 'landscape';
  return false;
}

/**
 * Per page, how much room is left under its lowest text, in points down to the page's bottom margin
 * (`margin`, 10 mm = 28.35 pt): from pdftotext's word boxes. A page filled to its foot leaves less
 * than a row; an overflowing page would spill onto a page of its own.
 */
export function footRoom(file: string, margin = 28.35): number[] {
  const xml = execFileSync('pdftotext', ['-bbox', file, '-'], { encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 });
  return xml
    .split('<page ')
    .slice(1)
    .map((page) => {
      const height = Number(/height="([\d.]+)"/.exec(page)![1]);
      const bottoms = [...page.matchAll(/yMax="([\d.]+)"/g)].map((m) => Number(m[1]));
      return height - margin - Math.max(...bottoms);
    });
}
