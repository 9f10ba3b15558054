/**
 * The soak's two extra clients (issue 36), run by bench/soak.ts unless SOAK_EXTRA=0:
 * - flooder: one user, 20 sessions (alternating instances), each keeping 6 slow calls in flight and
 *   asking again after every answer (or after Retry-After on a 429);
 * - sharers: two users asking together, every 5 s after the last round, for the same 20 MB answer
 *   (one ERP request) — one reads as fast as it can, the other at most 256 KiB every 50 ms; each
 *   checks it got the answer whole, byte for byte.
 */
import { request as httpRequest } from 'node:http';

const MB = 1024 * 1024;
const sleep = (ms: number) => new Promise((ok) => setTimeout(ok, ms));

export interface ExtraContext {
  stopped: () => boolean;
  bases: string[];
  login: (base: string, userName: string) => Promise<string>;
}

/** The 20 MB answer the fake ERP sends for firma_ismi "ortak" (the same bytes the readers expect). */
export function sharedAnswer(): Buffer {
  const body = Buffer.alloc(20 * MB, ' ');
  for (let at = 0; at < body.length; at += 64) body.write(String(at % 1_000_000).padStart(8, '0'), at);
  return body;
}

export const floodStats = () => ({ answers: 0, refused: 0, errors: 0, errorKinds: {} as Record<string, number> });
export const sharingStats = () => ({ rounds: 0, fast: { whole: 0, cut: 0, ms: [] as number[] }, slow: { whole: 0, cut: 0, ms: [] as number[] } });

export async function flooder(ctx: ExtraContext, flood: ReturnType<typeof floodStats>): Promise<void> {
  const sessions = await Promise.all(
    Array.from({ length: 20 }, (_, k) => ctx.login(ctx.bases[k % 2]!, 'flood').then((cookie) => ({ cookie, base: ctx.bases[k % 2]! }))),
  );
  let n = 0;
  const lane = async (cookie: string, base: string) => {
    while (!ctx.stopped()) {
      n++;
      try {
        const res = await fetch(`${base}/api/erp/get_cari`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', 'x-app-request': '1', cookie },
          body: JSON.stringify({ firma_ismi: `yavaş-${n}` }),
        });
        await res.arrayBuffer();
        if (res.status === 200) flood.answers++;
        else if (res.status === 429) {
          flood.refused++;
          await sleep(Number(res.headers.get('retry-after') ?? 1) * 1000);
        } else {
          flood.errors++;
          flood.errorKinds[String(res.status)] = (flood.errorKinds[String(res.status)] ?? 0) + 1;
        }
      } catch (e) {
        flood.errors++;
        flood.errorKinds[(e as Error).name] = (flood.errorKinds[(e as Error).name] ?? 0) + 1;
      }
    }
  };
  await Promise.all(sessions.flatMap(({ cookie, base }) => Array.from({ length: 6 }, () => lane(cookie, base))));
}

/** One caller of the shared answer: whole (status 200, every byte as expected) or not, and how long. */
function read(base: string, cookie: string, slow: boolean, expected: Buffer): Promise<{ whole: boolean; ms: number }> {
  return new Promise((ok) => {
    const t = performance.now();
    const chunks: Buffer[] = [];
    let timer: ReturnType<typeof setInterval> | undefined;
    let settled = false;
    const req = httpRequest(`${base}/api/erp/get_cari`, {
      method: 'POST',
      agent: false,
      headers: { 'content-type': 'application/json', 'x-app-request': '1', cookie, 'accept-encoding': 'identity' },
    });
    req.on('response', (res) => {
      const done = (cut: boolean) => {
        if (settled) return;
        settled = true;
        clearInterval(timer);
        ok({ whole: !cut && res.statusCode === 200 && Buffer.concat(chunks).equals(expected), ms: Math.round(performance.now() - t) });
      };
      res.on('end', () => done(false));
      res.on('error', () => done(true));
      res.on('close', () => done(!res.complete));
      if (!slow) return void res.on('data', (c: Buffer) => chunks.push(c));
      res.pause();
      timer = setInterval(() => {
        for (let got = 0; got < 256 * 1024;) {
          const c = res.read() as Buffer | null;
          if (!c) break;
          chunks.push(c);
          got += c.length;
        }
      }, 50);
    });
    req.on('error', () => {
      if (!settled) ok({ whole: false, ms: Math.round(performance.now() - t) });
      settled = true;
    });
    req.end(JSON.stringify({ firma_ismi: 'ortak' }));
  });
}

export async function sharers(ctx: ExtraContext, sharing: ReturnType<typeof sharingStats>): Promise<void> {
  const expected = sharedAnswer();
  const base = ctx.bases[0]!;
  const fastCookie = await ctx.login(base, 'share-fast');
  const slowCookie = await ctx.login(base, 'share-slow');
  await sleep(3000);
  while (!ctx.stopped()) {
    sharing.rounds++;
    const slowRun = read(base, slowCookie, true, expected);
    await sleep(20); // the fast one joins the slow one's request
    const [f, s] = await Promise.all([read(base, fastCookie, false, expected), slowRun]);
    for (const [r, into] of [
      [f, sharing.fast],
      [s, sharing.slow],
    ] as const) {
      if (r.whole) into.whole++;
      else into.cut++;
      into.ms.push(r.ms);
    }
    await sleep(5000);
  }
}
