/**
 * The bench on a slower machine, for the server's figures: this process — the server, all its threads —
 * limited to a share of the machine's CPU time by a Linux cgroup CPU quota (BENCH_CPU_SHARE, e.g. 0.333:
 * a third of every core's time, the 3× slower 2-core office machine of issue 48). The processes that
 * stand for other machines — the ERP, the counterparts' browsers — are left out (`leaveCpuShare`). The
 * browser's figures are slowed by DevTools instead (bench/run.ts, cpu4x); a server has no such switch.
 *
 * The quota is counted in periods of 3 ms (not the kernel's default 100 ms; the kernel's least quota
 * is 1 ms): while the letters' threads run, the gateway's thread advances a third as fast, as on a slow
 * CPU, instead of stopping for most of a tenth of a second. cgroup v2 (cpu.max) or v1
 * (cpu.cfs_quota_us); root only. Unavailable: an error saying why (the slow pass is then not run).
 */
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { join } from 'node:path';

const PERIOD_US = 3_000;

let root: string | null = null;

/** Why a CPU share cannot be set here, or null when it can. */
export function cpuShareUnavailable(): string | null {
  if (process.platform !== 'linux') return 'not Linux';
  if (process.getuid?.() !== 0) return 'not root (a cgroup is made and joined)';
  const v2 = '/sys/fs/cgroup/cgroup.controllers';
  if (existsSync(v2) && readFileSync(v2, 'utf8').includes('cpu')) return null;
  return existsSync('/sys/fs/cgroup/cpu/cpu.cfs_quota_us') ? null : 'no cgroup CPU controller';
}

export function enterCpuShare(share: number): string {
  if (!(share > 0 && share < 1)) throw new Error(`BENCH_CPU_SHARE must be between 0 and 1, not ${share}`);
  const cores = availableParallelism();
  const quota = Math.max(1_000, Math.round(share * cores * PERIOD_US));
  const name = 'cari-bench';
  const v2 = '/sys/fs/cgroup';
  const v1 = '/sys/fs/cgroup/cpu';
  let dir: string;
  if (existsSync(join(v2, 'cgroup.controllers')) && readFileSync(join(v2, 'cgroup.controllers'), 'utf8').includes('cpu')) {
    dir = join(v2, name);
    root = v2;
    mkdirSync(dir, { recursive: true });
    writeFileSync(join(dir, 'cpu.max'), `${quota} ${PERIOD_US}`);
  } else if (existsSync(join(v1, 'cpu.cfs_quota_us'))) {
    dir = join(v1, name);
    root = v1;
    mkdirSync(dir, { recursive: true });
    writeFileSync(join(dir, 'cpu.cfs_quota_us'), '-1');
    writeFileSync(join(dir, 'cpu.cfs_period_us'), String(PERIOD_US));
    writeFileSync(join(dir, 'cpu.cfs_quota_us'), String(quota));
  } else {
    throw new Error('no cgroup CPU controller here (Linux, root): the slow pass needs one');
  }
  writeFileSync(join(dir, 'cgroup.procs'), String(process.pid));
  return `${quota / PERIOD_US} of ${cores} cores' time (${dir})`;
}

/** A process started since (it inherited the quota) back to the machine's whole CPU. */
export function leaveCpuShare(pid: number | undefined): void {
  if (root && pid) writeFileSync(join(root, 'cgroup.procs'), String(pid));
}
