/**
 * A throw-away PostgreSQL 15 (Debian's postgresql, installed by .ci/run) for the two-instance tests:
 * a cluster in a temporary folder owned by the postgres user (Postgres refuses to run as root),
 * listening on 127.0.0.1 on a free port (below the kernel's own range: tests/harness/ports.ts), trusting 127.0.0.1, stopped and removed after.
 */
import { execFileSync } from 'node:child_process';
import { appendFileSync, chmodSync, existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { quietPort } from '../harness/ports';

export const PG_BIN = process.env.PG_BIN ?? '/usr/lib/postgresql/15/bin';

export interface TempPostgres {
  url: string;
  stop(): void;
}

export async function startPostgres(): Promise<TempPostgres> {
  if (!existsSync(join(PG_BIN, 'initdb'))) throw new Error(`PostgreSQL 15 not found in ${PG_BIN}: install Debian's postgresql (.ci/run does)`);
  const root = mkdtempSync(join(tmpdir(), 'cari-pg-'));
  chmodSync(root, 0o755);
  const data = join(root, 'data');
  const asRoot = process.getuid?.() === 0;
  const run = (cmd: string, args: string[]) =>
    asRoot
      ? execFileSync('runuser', ['-u', 'postgres', '--', join(PG_BIN, cmd), ...args], { stdio: 'pipe' })
      : execFileSync(join(PG_BIN, cmd), args, { stdio: 'pipe' });
  if (asRoot) execFileSync('chown', ['postgres:postgres', root]);
  // --no-sync: a throw-away cluster need not be flushed to disk (seconds of waiting on a busy disk).
  run('initdb', ['-D', data, '-U', 'postgres', '--auth=trust', '-E', 'UTF8', '--locale=C.UTF-8', '--no-sync']);
  appendFileSync(join(data, 'pg_hba.conf'), '\nhost all all 127.0.0.1/32 trust\n');
  const port = await quietPort();
  run('pg_ctl', ['-D', data, '-l', join(root, 'log'), '-w', '-o', `-p ${port} -k ${root} -c listen_addresses=127.0.0.1 -c fsync=off`, 'start']);
  return {
    url: `postgres://postgres@127.0.0.1:${port}/postgres`,
    stop() {
      try {
        run('pg_ctl', ['-D', data, '-m', 'immediate', '-w', 'stop']);
      } finally {
        rmSync(root, { recursive: true, force: true });
      }
    },
  };
}
