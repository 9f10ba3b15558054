/**
 * The reply links' first opens ("opened" events: the auditor's evidence of when and from where a
 * letter was seen), written in groups. A GET that opens a link for the first time answers only once
 * its event is committed — nothing lives only in memory — but the first opens that arrive while one
 * INSERT runs go together in the next: one statement and one commit for all of them. A commit is the
 * dearest part of a first open on PGlite (≈ 0.9 ms of CPU against ≈ 0.15 ms for the page's query), and
 * first opens come in bursts (a campaign's mails go out together). A group starts on the event loop's
 * next turn (setImmediate), and waits — at most JOIN_WAIT_MS — for the links still being read
 * (`reading()`): their answers come back from the database one by one (its own thread, or a server),
 * and a first open among them joins this group instead of paying a commit of its own.
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
/** How long a group waits for the links still being read (a read takes well under a millisecond). */
export const JOIN_WAIT_MS = 5;

export class OpenedWriter {
  private pending: { e: OpenedEvent; done: () => void; fail: (err: unknown) => void }[] = [];
  private busy = false;
  /** Links being read now: each may turn out a first open. */
  private reads = 0;
  private readsDone: (() => void) | null = null;

  constructor(private readonly write: (group: readonly OpenedEvent[]) => Promise<void>) {}

  /** A link is being read; call the function returned once it is read (its open, if any, recorded first). */
  reading(): () => void {
    this.reads++;
    let ended = false;
    return () => {
      if (ended) return;
      ended = true;
      this.reads--;
      if (this.reads === 0) this.readsDone?.();
    };
  }

  /** Until no link is being read, or JOIN_WAIT_MS have passed. */
  private joined(): Promise<void> {
    if (this.reads === 0) return Promise.resolve();
    return new Promise<void>((ok) => {
      const done = () => {
        clearTimeout(timer);
        this.readsDone = null;
        ok();
      };
      const timer = setTimeout(done, JOIN_WAIT_MS);
      this.readsDone = done;
    });
  }

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
      await this.joined();
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
