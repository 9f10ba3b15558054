/**
 * The worklist's views and the request of a view's first rows — one place for the page (src/api/tahsilat.ts)
 * and the early-call script, which sends that request while the HTML is still parsed (pages.ts firstCalls).
 */
import type { ViewCall } from './erp';

export const WORKLIST_VIEWS = ['all', 'mine', 'today', 'broken', 'disputes'] as const;
export type WorklistView = (typeof WORKLIST_VIEWS)[number];

/** Rows of the first answer: a screenful many times over; the whole view follows in a second request. */
export const WORKLIST_FIRST = 100;

/** The view a worklist URL shows (`?gorunum=`; the default `all`), or null for the suppliers' list. */
export function worklistViewOf(gorunum: string | null): WorklistView | null {
  if (gorunum === 'tedarikci') return null;
  return (WORKLIST_VIEWS as readonly string[]).includes(gorunum ?? '') ? (gorunum as WorklistView) : 'all';
}

/** The first rows of a view, as a path below /api/tahsilat/. */
export const worklistFirstPath = (view: WorklistView) => `worklist?view=${view}&limit=${WORKLIST_FIRST}`;

/** A view's first rows as a page call: sent early, taken over by the worklist's query (same key). */
export const worklistCall = (view: WorklistView): ViewCall => ({ view: `tahsilat/${worklistFirstPath(view)}`, queryKey: ['tahsilat', 'worklist', view] });
