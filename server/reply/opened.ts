/**
 * The reply links' first opens, in groups. A burst of first opens (a campaign's mails go out together)
 * would otherwise queue one statement after another in the database's one thread.
 * - Their reads: the letters that the GETs of one event-loop turn ask for are read with one statement
 *   (the page's OPEN_SQL takes a list of token hashes). At 50 in flight a read had waited ≈ 19 ms for its
 *   0.15 ms of work behind the others; grouped, ≈ 8 ms.
 * - Their "opened" events (the auditor's evidence of when and from where a letter was seen): a GET that
 *   opens a link for the first time answers only once its event is committed — nothing lives only in
 *   memory — but the events of a turn go in one INSERT and one commit (≈ 0.9 ms of CPU on PGlite).
 * Both are TurnGroups: a group starts on the event loop's next turn (setImmediate), and what arrives
 * while it runs goes together in the next.
 */
export interface OpenedEvent {
  at: string;
  campaignId: string;
  letterId: string;
  accountId: string;
  detail: { ip: string; userAgent: string };
}

/**
 * One event a letter at most, even when two opens of a link race in (here, or on another instance:
 * NOT EXISTS sees what has been committed): the earliest of a group is kept.
 */
export const OPENED_SQL = `INSERT INTO events (at, campaign_id, letter_id, account_id, type, detail)
SELECT DISTINCT ON (e->>'letterId') (e->>'at')::timestamptz, e->>'campaignId', e->>'letterId', e->>'accountId', 'opened', (e->'detail')::jsonb
FROM json_array_elements($1::json) WITH ORDINALITY AS x(e, n)
WHERE NOT EXISTS (SELECT 1 FROM events o WHERE o.letter_id = e->>'letterId' AND o.type = 'opened')
ORDER BY e->>'letterId', n`;

/** At most this many items a statement (a burst longer than that goes in several). */
const MAX_GROUP = 500;

/**
 * Items of one event-loop turn run together: `run` takes a group and answers each item's result in the
 * same order (a write may answer none: each item then gets undefined). Items added while a group runs
 * wait for the next; a group that fails fails its own items only.
 */
export class TurnGroups<I, O> {
  private pending: { item: I; ok: (o: O) => void; fail: (err: unknown) => void }[] = [];
  private busy = false;

  constructor(
    private readonly run: (items: readonly I[]) => Promise<readonly O[]>,
    private readonly max = MAX_GROUP,
  ) {}

  /** Resolves with the item's result once its group has run; rejects when its group failed. */
  add(item: I): Promise<O> {
    return new Promise<O>((ok, fail) => {
      this.pending.push({ item, ok, fail });
      if (!this.busy) {
        this.busy = true;
        setImmediate(() => void this.flush());
      }
    });
  }

  private async flush(): Promise<void> {
    while (this.pending.length) {
      const group = this.pending.splice(0, this.max);
      try {
        const out = await this.run(group.map((g) => g.item));
        group.forEach((g, i) => g.ok(out[i] as O));
      } catch (err) {
        for (const g of group) g.fail(err);
      }
    }
    this.busy = false;
  }
}
