/**
 * The start of an answer that is still arriving, closed into valid JSON of the same shape — so the
 * one reader can read the rows that have fully arrived and a long list can show its first screenful
 * before its last byte (erp-call.ts, `longAnswerQuery`).
 *
 * The text is scanned once (strings and escapes respected). The cut goes right after the last
 * complete row of the OUTERMOST array that holds rows (objects or arrays) — `[{…},{…}` in a WEX
 * answer, `{"data":[{…}` in an envelope, `{"COLUMNS":[…],"DATA":[[…],[…]` in ColdFusion's row
 * format — and the containers still open around it are closed: `…}]`, `…]}`, `…]]}`. An answer
 * whose rows are not elements of one array (ColdFusion's column format: one array per column), or
 * with no complete row yet in that outermost array (`[{"a":[{"x":1},{"x":2}` is a first row still
 * open, not two rows), gives null: the page then simply waits for the whole answer.
 */
import { parseErpBody } from './body';
import { BACKSLASH, CLOSE_ARRAY, CLOSE_OBJECT, OPEN_ARRAY, OPEN_OBJECT, QUOTE } from './json-chars';

interface Frame {
  array: boolean;
  /** Index just after the last complete object/array element of this array (0 = none yet). */
  cut: number;
}

/** `text` (the first part of a JSON answer, possibly with a BOM or `//` before it) closed into valid JSON; null when no row has fully arrived. */
export function closedPrefix(text: string): string | null {
  const stack: Frame[] = [];
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (inString) {
      if (c === BACKSLASH) i++;
      else if (c === QUOTE) inString = false;
      continue;
    }
    if (c === QUOTE) inString = true;
    else if (c === OPEN_OBJECT || c === OPEN_ARRAY) stack.push({ array: c === OPEN_ARRAY, cut: 0 });
    else if (c === CLOSE_OBJECT || c === CLOSE_ARRAY) {
      stack.pop();
      const parent = stack[stack.length - 1];
      // A container just ended inside an array: a complete row of that array.
      if (parent?.array) parent.cut = i + 1;
    }
  }
  // The outermost array still open holds the rows; with no complete row in it yet, nothing can be
  // shown — complete items of an array nested deeper (a row's own line list) belong to a row that
  // has not fully arrived.
  const at = stack.findIndex((f) => f.array);
  if (at < 0 || stack[at]!.cut === 0) return null;
  let closed = text.slice(0, stack[at]!.cut);
  for (let k = at; k >= 0; k--) closed += stack[k]!.array ? ']' : '}';
  return closed;
}

/**
 * The rows complete at the start of an answer still arriving (`start`: its text so far), as the
 * parsed JSON of a whole answer of the same shape; undefined when none can be read yet (too little,
 * a shape whose rows are not one array, not JSON at all — the whole answer will say what is wrong).
 */
export function parsePrefix(start: string): unknown {
  try {
    const closed = closedPrefix(start);
    return closed ? parseErpBody(closed, 200) : undefined;
  } catch {
    return undefined;
  }
}
