// @vitest shared-modules
/**
 * DATA_DIR's lock file across crashes: in a container the restarted server is often pid 1 again, as the
 * crashed one was, so "the file names my pid" must not read as "I hold it". The lock names this process
 * instance; a file this process did not write is judged by whether its writer still runs.
 */
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { hostname, tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { lockDataDir } from './lock';

const dirs: string[] = [];
const tempDir = () => {
  const d = mkdtempSync(join(tmpdir(), 'cari-lock-'));
  dirs.push(d);
  return d;
};
afterEach(() => {
  for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true });
});

const refusal = (f: () => unknown): string => {
  try {
    f();
  } catch (e) {
    return (e as Error).message;
  }
  return 'not refused';
};

describe('DATA_DIR lock', () => {
  it('a lock file left by a crashed earlier process with our pid (pid 1 in a container, old format) is taken over', () => {
    const dir = tempDir();
    writeFileSync(join(dir, 'cari.lock'), String(process.pid));
    const release = lockDataDir(dir);
    const now = JSON.parse(readFileSync(join(dir, 'cari.lock'), 'utf8')) as { pid: number; host: string };
    expect([now.pid, now.host]).toEqual([process.pid, hostname()]);
    release();
    expect(existsSync(join(dir, 'cari.lock'))).toBe(false);
    // The same from a lock file of this version: our pid, this host, but not this process's own lock.
    writeFileSync(join(dir, 'cari.lock'), JSON.stringify({ pid: process.pid, token: 'f'.repeat(32), host: hostname() }));
    lockDataDir(dir)();
  });

  it('a second open of the same folder in this process is refused, saying so; after the release it opens again', () => {
    const dir = tempDir();
    const release = lockDataDir(dir);
    expect(refusal(() => lockDataDir(dir))).toBe(
      `DATA_DIR (${dir}) is already open in this process (pid ${process.pid}): the embedded database allows one opening only. Close the first one before opening it again.`,
    );
    // Also through another path to the same folder (a symlink).
    const link = join(tempDir(), 'link');
    symlinkSync(dir, link);
    expect(refusal(() => lockDataDir(link))).toContain(`is already open in this process (pid ${process.pid})`);
    release();
    lockDataDir(dir)();
  });

  it('a live other process holding the folder refuses the start; once it has stopped, the lock is taken over', { timeout: 20_000 }, async () => {
    const dir = tempDir();
    const child = spawn(
      process.execPath,
      [
        '--import',
        'tsx',
        '-e',
        `import('${join(process.cwd(), 'server/db/lock.ts')}').then((m) => { m.lockDataDir(${JSON.stringify(dir)}); console.log('locked'); setInterval(() => undefined, 1000); })`,
      ],
      { stdio: ['ignore', 'pipe', 'inherit'] },
    );
    try {
      await new Promise<void>((ok, no) => {
        child.stdout.on('data', (b: Buffer) => b.toString().includes('locked') && ok());
        child.on('exit', (code) => no(new Error(`the child ended (${code})`)));
      });
      expect(refusal(() => lockDataDir(dir))).toContain(`DATA_DIR (${dir}) is in use by another running process (pid ${child.pid})`);
    } finally {
      child.kill('SIGKILL');
      await new Promise((ok) => child.once('exit', ok));
    }
    // Killed: its file stays, naming a process that no longer runs.
    expect(JSON.parse(readFileSync(join(dir, 'cari.lock'), 'utf8')).pid).toBe(child.pid);
    lockDataDir(dir)();
  });

  it('a running process that only reuses the pid of the lock file (another start time, or before a reboot) does not keep the folder locked', () => {
    const dir = tempDir();
    const file = join(dir, 'cari.lock');
    const boot = readFileSync('/proc/sys/kernel/random/boot_id', 'utf8').trim();
    // Our parent process (it runs): its own start time (field 22 of /proc/<pid>/stat) holds the folder…
    const stat = readFileSync(`/proc/${process.ppid}/stat`, 'utf8');
    const start = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[19]);
    const lock = { pid: process.ppid, token: 'e'.repeat(32), host: hostname(), boot, start };
    writeFileSync(file, JSON.stringify(lock));
    expect(refusal(() => lockDataDir(dir))).toContain(`is in use by another running process (pid ${process.ppid})`);
    // …but a process that started at another time under that pid is not the one that wrote the file,
    writeFileSync(file, JSON.stringify({ ...lock, start: start - 1 }));
    lockDataDir(dir)();
    // nor is any process running now if the file was written before this machine last started.
    writeFileSync(file, JSON.stringify({ ...lock, boot: '00000000-0000-0000-0000-000000000000' }));
    lockDataDir(dir)();
  });

  it('our pid in a lock file written on another host (another container on a shared volume) is refused, naming the host and the file', () => {
    const dir = tempDir();
    writeFileSync(join(dir, 'cari.lock'), JSON.stringify({ pid: process.pid, token: 'd'.repeat(32), host: 'cari-other-container' }));
    expect(refusal(() => lockDataDir(dir))).toBe(
      `DATA_DIR (${dir}) is in use by another running process (pid ${process.pid} on host cari-other-container): the embedded database allows one process only. ` +
        `Stop that process, or give this one another DATA_DIR, or set DATABASE_URL to a PostgreSQL server for several instances. If that process no longer runs, delete ${join(dir, 'cari.lock')}.`,
    );
  });
});
