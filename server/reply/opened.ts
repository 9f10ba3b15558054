/**
 * The reply links' first opens ("opened" events: the auditor's evidence of when and from where a
 * letter was seen), written in groups. A GET that opens a link for the first time answers only once
 * its event is committed — nothing lives only in memory — but the first opens that arrive while one
 * INSERT runs go together in the next: one statement and one commit for all of them. A commit is the
 * dearest part of a first open on PGlite (≈ 0.9 ms of CPU against ≈ 0.15 ms for the page's query), and
 * first opens come in bursts (a campaign's mails go out together). A group starts on the event loop's
 * next turn (setImmediate); the reads answer from the database's thread one turn each, so a burst's
 * opens mostly meet while the group before them is written.
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

/** At most this many events a statement (a burst longer than that is written in several). */
const MAX_GROUP = 500;

export class OpenedWriter {
  private pending: { e: OpenedEvent; done: () => void; fail: (err: unknown) => void }[] = [];
  private busy = false;

  constructor(private readonly write: (group: readonly OpenedEvent[]) => Promise<void>) {}

  /** Resolves once `e` is committed; rejects when its group could not be written. */
  record(e: OpenedEvent): Promise<void> {
    return new Promise<void>((done, fail) => {
      this.pending.push({ e, done, fail });
      if (!this.busy) {
        this.busy = true;
        setImmediate(() => void this.flush());
      }
    });
  }

  private async flush(): Promise<void> {
    while (this.pending.length) {
      const group = this.pending.splice(0, MAX_GROUP);
      try {
        await this.write(group.map((g) => g.e));
        for (const g of group) g.done();
      } catch (err) {
        for (const g of group) g.fail(err);
      }
    }
    this.busy = false;
  }
}
