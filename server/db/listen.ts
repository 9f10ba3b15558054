/**
 * LISTEN on PostgreSQL: one connection of its own per database (not one of the pool's: it stays
 * open and idle), with every channel a listener asked for. A lost connection is said once in the log
 * and opened again every few seconds until it is back; meanwhile nothing is heard, and whoever listens
 * must not depend on hearing (the jobs worker still polls).
 */
import pg from 'pg';

export interface Listener {
  listen(channel: string, onNotice: () => void): Promise<() => void>;
  close(): Promise<void>;
}

const CHANNEL = /^[a-z_]{1,40}$/;

export function pgListener(connectionString: string, log: (line: string) => void, retryMs = 3_000): Listener {
  const listeners = new Map<string, Set<() => void>>();
  let client: pg.Client | null = null;
  let connecting: Promise<pg.Client> | null = null;
  let retry: ReturnType<typeof setTimeout> | undefined;
  let closed = false;
  let lost = false;

  const drop = (c: pg.Client, why: string) => {
    if (client !== c) return;
    client = null;
    void c.end().catch(() => undefined);
    if (closed) return;
    if (!lost) log(`database: the notice connection was lost (${why}); jobs are still polled, reconnecting`);
    lost = true;
    clearTimeout(retry);
    retry = setTimeout(() => void connect().catch(() => undefined), retryMs);
    retry.unref();
  };

  const connect = (): Promise<pg.Client> => {
    if (client) return Promise.resolve(client);
    connecting ??= (async () => {
      const c = new pg.Client({ connectionString, connectionTimeoutMillis: 5_000 });
      c.on('notification', (n) => {
        for (const f of listeners.get(n.channel) ?? []) f();
      });
      c.on('error', (e) => drop(c, (e as NodeJS.ErrnoException).code ?? e.message.slice(0, 80)));
      c.on('end', () => drop(c, 'closed by the server'));
      try {
        await c.connect();
        for (const channel of listeners.keys()) await c.query(`LISTEN ${channel}`);
      } catch (e) {
        await c.end().catch(() => undefined);
        if (!closed) {
          if (!lost) log(`database: the notice connection could not open (${(e as Error).message.slice(0, 80)}); jobs are still polled`);
          lost = true;
          clearTimeout(retry);
          retry = setTimeout(() => void connect().catch(() => undefined), retryMs);
          retry.unref();
        }
        throw e;
      } finally {
        connecting = null;
      }
      if (closed) {
        await c.end().catch(() => undefined);
        throw new Error('closed');
      }
      client = c;
      if (lost) log('database: the notice connection is back');
      lost = false;
      return c;
    })();
    return connecting;
  };

  return {
    listen: async (channel, onNotice) => {
      if (!CHANNEL.test(channel)) throw new Error(`listen: bad channel name ${channel}`);
      const set = listeners.get(channel) ?? new Set();
      const first = !listeners.has(channel);
      listeners.set(channel, set);
      const own = () => onNotice();
      set.add(own);
      // A connection that opens later listens to every channel asked for by then.
      const c = await connect().catch(() => null);
      if (c && first) await c.query(`LISTEN ${channel}`).catch(() => undefined);
      return () => void set.delete(own);
    },
    close: async () => {
      closed = true;
      clearTimeout(retry);
      const c = client ?? (await connecting?.catch(() => null)) ?? null;
      client = null;
      await c?.end().catch(() => undefined);
    },
  };
}
