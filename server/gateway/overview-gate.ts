/**
 * Özet's lists wait for its figures (docs/decisions/0009-overview-on-the-server.md). While a
 * session's GET /api/overview reads its two ERP answers, the browser's identical calls sent beside
 * it (Özet's alongCalls: get_cari and get_yaslandirma, firma_ismi "") have joined the same ERP
 * request (coalesce.ts keeps what they still need: memory, then its spool file) but are not passed on
 * — compressed and streamed — until the figures have answered: compressing those 27 MB for the
 * browser took the cores the figures were being read on, and the page reads the lists only after
 * the figures are painted anyway.
 *
 * Only a call of the same session with the same identity (callKey) as one the overview reads is
 * held; at most HOLD_MAX_MS, and never past its caller leaving.
 */

/** The longest a list is held behind the figures (the figures' own ERP wait is limited too). */
export const HOLD_MAX_MS = 15_000;

interface Run {
  keys: ReadonlySet<string>;
  done: Promise<void>;
}

export class OverviewGate {
  private readonly running = new Map<string, Set<Run>>();

  /** Session `sid`'s figures are being worked out from the calls `keys`; the result marks them answered (or failed). */
  begin(sid: string, keys: readonly string[]): () => void {
    let end!: () => void;
    const run: Run = { keys: new Set(keys), done: new Promise<void>((ok) => (end = ok)) };
    const runs = this.running.get(sid) ?? new Set<Run>();
    runs.add(run);
    this.running.set(sid, runs);
    return () => {
      runs.delete(run);
      if (runs.size === 0 && this.running.get(sid) === runs) this.running.delete(sid);
      end();
    };
  }

  /**
   * Resolves once no figures of `sid` that read `key` are being worked out (at once when none
   * are), after HOLD_MAX_MS at the latest; rejects with `signal`'s reason when the caller leaves first.
   */
  async wait(sid: string, key: string, signal: AbortSignal): Promise<void> {
    const runs = [...(this.running.get(sid) ?? [])].filter((r) => r.keys.has(key));
    if (runs.length === 0) return;
    let timer: ReturnType<typeof setTimeout> | undefined;
    let onAbort: (() => void) | undefined;
    try {
      await Promise.race([
        Promise.all(runs.map((r) => r.done)),
        new Promise<void>((ok) => (timer = setTimeout(ok, HOLD_MAX_MS))),
        new Promise<never>((_, fail) => {
          onAbort = () => fail(signal.reason);
          if (signal.aborted) onAbort();
          else signal.addEventListener('abort', onAbort, { once: true });
        }),
      ]);
    } finally {
      clearTimeout(timer);
      if (onAbort) signal.removeEventListener('abort', onAbort);
    }
  }
}
