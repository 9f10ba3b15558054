// @vitest shared-modules
/**
 * People first on the ERP (erp-share.ts): a campaign's statement reads use their whole concurrency only
 * while nobody is waiting on the ERP through the app; with a user's request in flight at most a third of
 * it, and the full share again once the user's answers have stopped for QUIET_MS.
 */
import { describe, expect, it } from 'vitest';
import { backgroundErp, erpShareState, QUIET_MS, userErpCall } from './erp-share';

/** A background read that runs until released; counts how many run at once. */
function reads(n: number, limit: number) {
  let running = 0;
  let most = 0;
  const releases: (() => void)[] = [];
  const done = Array.from({ length: n }, () =>
    backgroundErp(limit, async () => {
      running++;
      most = Math.max(most, running);
      await new Promise<void>((ok) => releases.push(ok));
      running--;
    }),
  );
  return {
    get running() {
      return running;
    },
    resetMost() {
      most = running;
    },
    get most() {
      return most;
    },
    /** Ends the reads running now. */
    endRunning() {
      releases.splice(0).forEach((r) => r());
    },
    all: Promise.all(done),
  };
}
const tick = () => new Promise((r) => setTimeout(r, 0));
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

describe("the ERP shared between people and the server's background reads", () => {
  it('all six at once with nobody on the ERP; two while a user waits; six again once the user is done', async () => {
    await sleep(QUIET_MS + 20); // no user call of another test lingering
    const r = reads(20, 6);
    await tick();
    expect(r.running).toBe(6);
    expect(erpShareState().waiting).toBe(14);

    // A user's request starts: the six running finish, and only two start after them.
    const endUser = userErpCall();
    r.endRunning();
    await tick();
    expect(r.running).toBe(2);
    r.resetMost();
    r.endRunning();
    await tick();
    expect(r.running).toBe(2);
    expect(r.most).toBe(2);

    // The user's answer is read: still two until the quiet time has passed (people click in bursts) …
    endUser();
    endUser(); // ending twice counts once
    expect(erpShareState().interactive).toBe(0);
    r.endRunning();
    await tick();
    expect(r.running).toBe(2);
    // … then the waiting reads get all six places, without any read ending first.
    await sleep(QUIET_MS + 30);
    expect(r.running).toBe(6);
    // 20 reads: 6 + 2 + 2 done, 6 running (the last 2 and 4 more), 4 waiting.
    expect(erpShareState().waiting).toBe(4);
    r.endRunning();
    await tick();
    r.endRunning();
    await r.all;
    expect(erpShareState()).toEqual({ running: 0, waiting: 0, interactive: 0 });
  });

  it('a background read that fails gives its place back', async () => {
    await sleep(QUIET_MS + 20);
    const failed = await backgroundErp(1, () => Promise.reject(new Error('ERP yanıt vermedi'))).catch((e: Error) => e.message);
    expect(failed).toBe('ERP yanıt vermedi');
    expect(await backgroundErp(1, async () => 'sonraki')).toBe('sonraki');
    expect(erpShareState().running).toBe(0);
  });
});
