/**
 * Operator's sessions tool: `npm run sessions -- logout-all <user name>`.
 * Logs a user out everywhere: every session of that user started before now is refused from now on
 * (on every instance when REDIS_URL is set; in the embedded default through STATE_FILE, which a
 * running server re-reads within a second). Reads the same environment and .env files as the server.
 * Prints no secret: neither REDIS_URL nor anything of the cookie.
 */
import { pathToFileURL } from 'node:url';
import { resolve } from 'node:path';
import { loadEnv, resolveStore, createStore, type Env } from './config';
import { userKey } from './gateway/session';
import type { RedisStore } from './gateway/state-redis';

const USAGE = 'usage: npm run sessions -- logout-all <user name>';

/** Runs the command; returns the exit code. `print`/`fail` receive the output lines. */
export async function runSessionsCli(
  args: readonly string[],
  env: Env = loadEnv(),
  cwd = process.cwd(),
  print: (line: string) => void = (l) => console.info(l),
  fail: (line: string) => void = (l) => console.error(l),
): Promise<number> {
  const [command, ...rest] = args;
  const name = rest.join(' ').trim();
  if (command !== 'logout-all' || !name) {
    fail(USAGE);
    return 2;
  }
  const problems: string[] = [];
  const settings = resolveStore(env, cwd, problems);
  const hours = Number(env.SESSION_MAX_HOURS?.trim() || '10');
  if (!Number.isFinite(hours) || hours < 0.1) problems.push('SESSION_MAX_HOURS must be a number ≥ 0.1');
  if (settings.kind === 'memory') {
    problems.push('no shared state to write to: set REDIS_URL, or SESSION_SECRET / STATE_FILE as for the server');
  }
  if (problems.length) {
    fail(`Configuration error: ${problems.join('; ')}`);
    return 1;
  }
  let store;
  try {
    store = createStore(settings, { log: () => undefined, compact: false });
  } catch (error) {
    fail(error instanceof Error ? error.message : 'the state store could not be opened');
    return 1;
  }
  try {
    if (settings.kind === 'redis') await (store as RedisStore).ready(5000);
    const now = Date.now();
    await store.revokeUser(userKey(name), now, now + hours * 3_600_000, now);
    const where = settings.kind === 'file' ? settings.path : 'Redis';
    print(`${name}: every session started before ${new Date(now).toISOString()} is logged out (${where}).`);
    return 0;
  } catch {
    fail(settings.kind === 'redis' ? 'Redis is unreachable: nothing was changed.' : 'The state file could not be written: nothing was changed.');
    return 1;
  } finally {
    await store.close();
  }
}

const isMain = process.argv[1] !== undefined && import.meta.url === pathToFileURL(resolve(process.argv[1])).href;
if (isMain) {
  runSessionsCli(process.argv.slice(2)).then((code) => process.exit(code));
}
