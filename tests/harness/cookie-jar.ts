/**
 * A tiny cookie jar for the msw → gateway bridge: the tests' DOM and msw do not keep HttpOnly cookies for
 * fetch(), so the handler stores Set-Cookie answers here and adds Cookie to later requests,
 * as a browser would (path "/", one host, Max-Age/Expires honoured).
 */
export class CookieJar {
  private cookies = new Map<string, { value: string; expires: number }>();
  constructor(private now: () => number = Date.now) {}

  /** Takes the Set-Cookie headers of a response. */
  store(setCookies: string[]): void {
    for (const line of setCookies) {
      const [pair, ...attrs] = line.split(';');
      const eq = pair?.indexOf('=') ?? -1;
      if (!pair || eq <= 0) continue;
      const name = pair.slice(0, eq).trim();
      const value = pair.slice(eq + 1).trim();
      let expires = Infinity;
      for (const attr of attrs) {
        const [k, v = ''] = attr.split('=');
        const key = k?.trim().toLowerCase();
        if (key === 'max-age') expires = this.now() + Number(v.trim()) * 1000;
        else if (key === 'expires' && expires === Infinity) expires = Date.parse(v.trim());
      }
      if (value === '' || !(expires > this.now())) this.cookies.delete(name);
      else this.cookies.set(name, { value, expires });
    }
  }

  /** The Cookie request header, or undefined when the jar is empty. */
  header(): string | undefined {
    const parts: string[] = [];
    for (const [name, c] of this.cookies) {
      if (c.expires > this.now()) parts.push(`${name}=${c.value}`);
      else this.cookies.delete(name);
    }
    return parts.length ? parts.join('; ') : undefined;
  }

  clear(): void {
    this.cookies.clear();
  }

  get size(): number {
    return this.cookies.size;
  }
}
