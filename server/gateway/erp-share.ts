/**
 * The ERP shared between the people using the app and the server's own background reads (a campaign's
 * statements): people first. While any user's ERP request is in flight — or ended less than QUIET_MS
 * ago, since people click in bursts — background reads run at most a third of their concurrency (6 → 2);
 * otherwise all of it. The ERP (often a busy Workcube server) and this process then spend most of
 * their time on what someone is waiting for, and a campaign takes longer only while people work.
 * Process-wide: one gate for every background reader of this process.
 */

/** After a user's last ERP answer, background reads stay held back this long. */
export const QUIET_MS = 250;

let interactive = 0;
let lastEnd = 0;
let quietTimer: ReturnType<typeof setTimeout> | null = null;

const gate = { running: 0, waiting: [] as (() => void)[] };

function allowed(limit: number): number {
  const busy = interactive > 0 || Date.now() - lastEnd < QUIET_MS;
  return busy ? Math.max(1, Math.ceil(limit / 3)) : limit;
}

let currentLimit = 6;
function wake(): void {
  while (gate.waiting.length > 0 && gate.running < allowed(currentLimit)) {
    gate.running++;
    gate.waiting.shift()!();
  }
}

/** A user's ERP request starts; the returned function ends it (once). */
export function userErpCall(): () => void {
  interactive++;
  let ended = false;
  return () => {
    if (ended) return;
    ended = true;
    interactive--;
    lastEnd = Date.now();
    // Background reads held back get their full share once the quiet time has passed.
    if (interactive === 0 && !quietTimer) {
      quietTimer = setTimeout(() => {
        quietTimer = null;
        wake();
      }, QUIET_MS + 5);
      quietTimer.unref?.();
    }
  };
}

/** A background ERP read (`limit` = its concurrency with nobody else on the ERP), run when the share allows. */
export async function backgroundErp<T>(limit: number, fn: () => Promise<T>): Promise<T> {
  currentLimit = limit;
  if (gate.running >= allowed(limit) || gate.waiting.length > 0) await new Promise<void>((ok) => gate.waiting.push(ok));
  else gate.running++;
  try {
    return await fn();
  } finally {
    gate.running--;
    wake();
  }
}

/** For tests: background reads running and waiting, user requests in flight. */
export function erpShareState(): { running: number; waiting: number; interactive: number } {
  return { running: gate.running, waiting: gate.waiting.length, interactive };
}
