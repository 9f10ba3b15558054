/**
 * The reply links' first opens, in groups. A burst of first opens (a campaign's mails go out together)
 * would otherwise queue one statement after another in the database's one thread.
 * - The letters that the requests of one event-loop turn ask for are read with one statement (the page's
 *   OPEN_SQL takes a list of token hashes). At 50 in flight a read had waited ≈ 19 ms for its 0.15 ms of
 *   work behind the others; grouped, ≈ 8 ms.
 * - The same statement records a link's first open: the auditor's evidence of when and from
 *   where a letter was seen. A GET answers only once it is committed (the statement is its own
 *   transaction) — nothing lives only in memory — and a first open costs one statement, not a read and
 *   then a write each waiting its turn.
 * TurnGroups: a group starts on the event loop's next turn (setImmediate), and what arrives while it runs
 * goes together in the next.
 */

/** A page GET's first open, as its "opened" event records it. */
export interface OpenMark {
  at: string;
  detail: { ip: string; userAgent: string };
}

/**
 * The letters a group of reply links opens, by their tokens' SHA-256 (`h`), one row each found: the token,
 * its letter and campaign, the answer event; the PDF bytes stay out. $1 is the group as JSON,
 * `[{"h": …, "m"?: OpenMark}, …]`; $2 now (an expired token opens nothing).
 * The token, the answer and an earlier open are each looked up by index (`LATERAL … LIMIT 1`): PGlite never
 * analyzes, and the planner, taking the list for 100 rows, had scanned every token and every event ever
 * written (4–5 ms a statement at 3,400 links; now ≈ 0.5 ms whatever their number).
 *
 * An item with a mark (a page GET) records the link's first open in the same statement: one "opened"
 * event a letter that can still be answered (not cancelled, not expired), none if the letter was opened
 * before, and the earliest of the group (`n`) when two opens of a link race in. Another instance's event
 * counts once committed.
 *
 * One JSON column, so the driver decodes one field, not sixteen (its protocol parsing was a third of a
 * GET's database time); prepared once per connection (server/db/open.ts prepared()).
 */
export const OPEN_SQL = `WITH req AS (
  SELECT e->>'h' AS h, e->'m' AS m, n FROM json_array_elements($1::json) WITH ORDINALITY AS x(e, n)
), found AS MATERIALIZED (
  SELECT req.h, req.m, req.n, l.id, l.campaign_id, l.account_id, l.account_name, l.state, l.snapshot, l.to_addrs,
    c.as_of, c.deadline, c.cancelled, c.kind, c.options->'audit' AS audit, t.expires_at,
    a.id AS a_id, a.at AS a_at, a.detail AS a_detail, a.by_user AS a_by, o.seen IS NOT NULL AS opened
  FROM req
  CROSS JOIN LATERAL (SELECT t.letter_id, t.expires_at FROM reply_tokens t WHERE t.hash = req.h AND t.expires_at > $2::timestamptz LIMIT 1) t
  JOIN letters l ON l.id = t.letter_id
  JOIN campaigns c ON c.id = l.campaign_id
  LEFT JOIN LATERAL (SELECT a.id, a.at, a.detail, a.by_user FROM events a WHERE a.id = l.answer_event_id LIMIT 1) a ON true
  LEFT JOIN LATERAL (SELECT true AS seen FROM events o WHERE o.letter_id = l.id AND o.type = 'opened' LIMIT 1) o ON true
), marked AS (
  INSERT INTO events (at, campaign_id, letter_id, account_id, type, detail)
  SELECT DISTINCT ON (f.id) (f.m->>'at')::timestamptz, f.campaign_id, f.id, f.account_id, 'opened', (f.m->'detail')::jsonb
  FROM found f
  WHERE f.m IS NOT NULL AND NOT f.opened AND NOT f.cancelled AND f.state <> 'cancelled' AND f.snapshot IS NOT NULL
  ORDER BY f.id, f.n
  RETURNING 1
)
SELECT f.h, json_build_object(
  'id', f.id, 'campaign_id', f.campaign_id, 'account_id', f.account_id, 'account_name', f.account_name, 'state', f.state,
  'snapshot', f.snapshot, 'as_of', f.as_of, 'deadline', f.deadline, 'cancelled', f.cancelled, 'kind', f.kind,
  'a_id', f.a_id, 'a_at', f.a_at, 'a_detail', f.a_detail, 'a_by', f.a_by,
  'expires_at', f.expires_at, 'to', f.to_addrs, 'audit', f.audit) AS r
FROM found f`;

/** One link asked for in a group: its token's hash, and the first-open mark of a page GET. */
export interface OpenAsk {
  h: string;
  m?: OpenMark;
}

/** At most this many items a statement (a burst longer than that goes in several). */
const MAX_GROUP = 500;

/**
 * Items of one event-loop turn run together: `run` takes a group and answers each item's result in the
 * same order. Items added while a group runs wait for the next; a group that fails fails its own items only.
 */
export class TurnGroups<I, O> {
  private pending: { item: I; ok: (o: O) => void; fail: (err: unknown) => void }[] = [];
  private busy = false;

  constructor(private readonly run: (items: readonly I[]) => Promise<readonly O[]>) {}

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
      const group = this.pending.splice(0, MAX_GROUP);
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
