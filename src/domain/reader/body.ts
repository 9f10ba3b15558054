/**
 * Step 1 — the raw body (docs/erp-contract.md §2): body text → JSON, or ErpFormatError.
 */
import { ErpFormatError } from '../errors';

/**
 * Body text → JSON. Tolerates a BOM, surrounding whitespace and a *leading* ColdFusion `//`
 * (only the leading one: "https://…" inside values is left alone). Anything else that is not JSON
 * (HTML, login page, empty) → ErpFormatError with the HTTP status — also for status 200.
 */
export function parseErpBody(text: string, status = 200): unknown {
  let s = text;
  if (s.charCodeAt(0) === 0xfeff) s = s.slice(1);
  s = s.trim();
  if (s.startsWith('//')) s = s.slice(2).trim();
  if (s === '') throw new ErpFormatError(status, text, 'empty body');
  try {
    return JSON.parse(s);
  } catch {
    throw new ErpFormatError(status, text, 'not JSON');
  }
}
