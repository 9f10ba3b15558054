/**
 * The reply page of a link that is open and unanswered, as rendered, kept a short while (default 2 s)
 * by the instance that rendered it, so that repeated opens of a link (a counterpart's reloads, a
 * mail scanner, a burst of clicks) do not each query the database.
 *
 * Why this is safe with several instances on one database (docs/mutabakat-api.md, "Public reply page"):
 * - only a form page is kept, and only once the link's first open is committed ("opened" is never
 *   skipped), never the plain page, an answered page or a PDF;
 * - a POST never reads it: the answer is decided against the database (one answer; a second is told
 *   and shown the first), and a POST drops the link's page on this instance;
 * - an answer posted on another instance, or a letter cancelled there, is shown here within the
 *   page's lifetime (2 s); a form shown meanwhile cannot answer twice (the POST decides);
 * - a page is never kept past its token's expiry, and the rate limits count before it is looked at;
 * - it is keyed by the token's SHA-256, as the database is; nothing of it is logged.
 */
export class PageCache {
  private readonly pages = new Map<string, { html: string; until: number }>();

  constructor(
    private readonly ttlMs: number,
    private readonly max = 2000,
  ) {}

  /** The page kept for this token hash, or null. `now` is the app's clock (tests move it). */
  get(hash: string, now: number): string | null {
    const p = this.pages.get(hash);
    if (!p) return null;
    if (p.until > now) return p.html;
    this.pages.delete(hash);
    return null;
  }

  /** Keeps a form page until now + ttl, never past the token's expiry. */
  set(hash: string, html: string, now: number, expiresAt: number): void {
    if (this.ttlMs <= 0) return;
    this.pages.delete(hash);
    // Oldest first (insertion order): pages past their time go now, so none lingers (nor its token).
    for (const [k, p] of this.pages) {
      if (p.until > now && this.pages.size < this.max) break;
      this.pages.delete(k);
    }
    this.pages.set(hash, { html, until: Math.min(now + this.ttlMs, expiresAt) });
  }

  drop(hash: string): void {
    this.pages.delete(hash);
  }
}
