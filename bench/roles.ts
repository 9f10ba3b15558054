/** Shared by the gateway benches: autocannon's result shape, and starting a role process that prints "PORT n". */
import { spawn, type ChildProcess } from 'node:child_process';

export interface AutocannonResult {
  requests: { average: number; total: number };
  latency: { p50: number; p99: number; average: number };
  errors: number;
  timeouts: number;
  non2xx: number;
  '2xx': number;
}
export type Autocannon = (opts: Record<string, unknown>) => Promise<AutocannonResult>;

/** Runs `script` (TypeScript, through tsx) with `args`; resolves with the port it prints as "PORT n". */
export function spawnRole(script: string, args: string[], env: Record<string, string> = {}): Promise<{ port: number; child: ChildProcess }> {
  const child = spawn(process.execPath, ['--import', 'tsx', script, ...args], { stdio: ['ignore', 'pipe', 'inherit'], env: { ...process.env, ...env } });
  return new Promise((ok, fail) => {
    let buf = '';
    child.stdout!.on('data', (d: Buffer) => {
      buf += d.toString();
      const m = /PORT (\d+)/.exec(buf);
      if (m) ok({ port: Number(m[1]), child });
    });
    child.on('exit', (code) => fail(new Error(`role ${args[0]} exited ${code}`)));
  });
}
