/**
 * Reads wait for the operator's alias file: while GET /api/config (which merges it into the reader)
 * is on its way, an ERP answer that arrived first is read only after it — a deep link's first answer
 * read with the built-in aliases alone would be misread and cached so.
 */
let pending: Promise<void> | null = null;

/** Called by fetchConfig with its work (the answer and the alias merge); failures release the reads too. */
export function holdReadsUntil(work: Promise<unknown>): void {
  const mine = work.then(
    () => undefined,
    () => undefined,
  );
  pending = mine;
  void mine.then(() => {
    if (pending === mine) pending = null;
  });
}

/** Resolves once no alias merge is pending (at once when none is). */
export function aliasesReady(): Promise<void> {
  return pending ?? Promise.resolve();
}
