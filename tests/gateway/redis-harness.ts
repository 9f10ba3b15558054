/**
 * A real redis-server for the tests: `redis-server --port <free> --save '' --appendonly no` on
 * 127.0.0.1, started and stopped by the test itself (Debian package redis-server; .ci/run installs it
 * when missing). No persistence: a killed server comes back empty, like a Redis without AOF.
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { quietPort } from '../harness/ports';

export interface TestRedis {
  port: number;
  /** redis://:<password>@127.0.0.1:<port> — the password is grepped for in logs and answers. */
  url: string;
  password: string;
  /** Kills the server (SIGKILL: no goodbye to the clients). */
  kill(): Promise<void>;
  /** Starts it again on the same port. */
  start(): Promise<void>;
}

export const REDIS_BIN = process.env.REDIS_SERVER ?? 'redis-server';

/** Fails loudly (never skips) when redis-server is not installed. */
export function assertRedisInstalled(): void {
  const probe = spawnSync(REDIS_BIN, ['--version'], { encoding: 'utf8' });
  if (probe.status !== 0) {
    throw new Error(`${REDIS_BIN} not found: install the Debian package redis-server (apt-get install redis-server); .ci/run does this`);
  }
}

export async function startRedis(password = 'Redis-Şifre/+&=%x9'): Promise<TestRedis> {
  assertRedisInstalled();
  const port = await quietPort();
  let child: ChildProcess | undefined;
  const start = () =>
    new Promise<void>((ok, fail) => {
      const proc = spawn(
        REDIS_BIN,
        ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no', '--requirepass', password, '--loglevel', 'warning'],
        { stdio: ['ignore', 'pipe', 'pipe'] },
      );
      child = proc;
      let out = '';
      const timer = setTimeout(() => fail(new Error(`redis-server did not start: ${out.slice(-300)}`)), 10_000);
      // loglevel warning prints nothing on a good start: poll the port instead.
      proc.stdout!.on('data', (d: Buffer) => (out += d.toString()));
      proc.stderr!.on('data', (d: Buffer) => (out += d.toString()));
      proc.on('exit', (code) => {
        clearTimeout(timer);
        if (child === proc) child = undefined;
        fail(new Error(`redis-server exited (${code}): ${out.slice(-300)}`));
      });
      const poll = async () => {
        const { connect } = await import('node:net');
        const sock = connect(port, '127.0.0.1');
        sock.once('connect', () => {
          sock.destroy();
          clearTimeout(timer);
          ok();
        });
        sock.once('error', () => setTimeout(poll, 30));
      };
      void poll();
    });
  await start();
  return {
    port,
    password,
    url: `redis://:${encodeURIComponent(password)}@127.0.0.1:${port}`,
    start,
    kill: async () => {
      const proc = child;
      if (!proc) return;
      await new Promise<void>((ok) => {
        proc.once('exit', () => ok());
        proc.kill('SIGKILL');
      });
    },
  };
}
