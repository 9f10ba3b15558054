/**
 * Text that cannot hang a document's layout: one unbroken 30,000-character word made pdfmake's line
 * breaking take minutes (it measures a too-long word again and again; 3,000 took a second).
 * - cutText: at most MAX_DOC_TEXT characters (code points), the last one "…" — used by the
 *   columns every document shares (paginate.ts fittedColumns), so the print, its page count and the
 *   PDF show the same text;
 * - breakableText (PDF only; the print's CSS breaks anywhere): a zero-width space (U+200B, a line-break
 *   opportunity of zero width in Roboto) after every BREAK_EVERY characters of a run without one.
 */

/** The most characters of one text in a document cell, paragraph or title. */
export const MAX_DOC_TEXT = 3000;
/** The longest run of characters without a break opportunity given to the PDF's layout. */
export const BREAK_EVERY = 40;

export function cutText(text: string, max = MAX_DOC_TEXT): string {
  // Cheap first test: UTF-16 length ≥ code points.
  if (text.length <= max) return text;
  const chars = [...text.slice(0, 2 * max)];
  return chars.length <= max ? text : chars.slice(0, max - 1).join('') + '…';
}

const LONG_RUN = new RegExp(`[^\\s\\u200b]{${BREAK_EVERY}}(?=[^\\s\\u200b])`, 'gu');

export function breakableText(text: string): string {
  return cutText(text).replace(LONG_RUN, '$&\u200b');
}
