// @vitest shared-modules
import { describe, expect, it } from 'vitest';
import { TurnGroups } from './opened';

/**
 * The page's grouped reads (reply/app.ts) with a database the test answers by hand: each group's keys are
 * recorded, and `finish[i]` answers group i from a map of found keys, or fails it.
 */
function manualReads() {
  const groups: string[][] = [];
  const finish: ((found: Record<string, string> | Error) => void)[] = [];
  const reads = new TurnGroups<string, string | null>(
    (keys) =>
      new Promise((ok, fail) => {
        groups.push([...keys]);
        finish.push((found) => (found instanceof Error ? fail(found) : ok(keys.map((k) => found[k] ?? null))));
      }),
  );
  return { groups, finish, reads };
}

const settled = async (p: Promise<unknown>) => {
  let state = 'waiting';
  p.then(
    () => (state = 'answered'),
    () => (state = 'failed'),
  );
  await new Promise((r) => setTimeout(r, 0));
  return state;
};

describe('TurnGroups: the links opened in one turn', () => {
  it('reads the opens of one event-loop turn together; opens that arrive while it runs go together in the next statement; none is answered before its own statement', async () => {
    const { groups, finish, reads } = manualReads();
    const first = reads.add('L1');
    const also = reads.add('L1b');
    await new Promise((r) => setImmediate(r));
    const second = reads.add('L2');
    const third = reads.add('L3');
    expect(groups).toEqual([['L1', 'L1b']]);
    expect(await settled(second)).toBe('waiting');
    finish[0]!({ L1: 'Mektup 1', L1b: 'Mektup 1b' });
    expect([await first, await also]).toEqual(['Mektup 1', 'Mektup 1b']);
    // L2 and L3 came while L1's group ran: one statement for both, and neither answered before it.
    expect(groups).toEqual([
      ['L1', 'L1b'],
      ['L2', 'L3'],
    ]);
    expect(await settled(third)).toBe('waiting');
    finish[1]!({ L2: 'Mektup 2', L3: 'Mektup 3' });
    expect([await second, await third]).toEqual(['Mektup 2', 'Mektup 3']);
  });

  it('a group that fails fails its own opens only; the next open is read again', async () => {
    const { groups, finish, reads } = manualReads();
    const first = reads.add('L1');
    await new Promise((r) => setImmediate(r));
    const second = reads.add('L2');
    finish[0]!(new Error('database unreachable'));
    await expect(first).rejects.toThrow('database unreachable');
    expect(groups).toEqual([['L1'], ['L2']]);
    finish[1]!({ L2: 'Mektup 2' });
    await expect(second).resolves.toBe('Mektup 2');
    const third = reads.add('L3');
    await new Promise((r) => setImmediate(r));
    expect(groups).toEqual([['L1'], ['L2'], ['L3']]);
    finish[2]!({});
    await expect(third).resolves.toBeNull();
  });

  it('each key gets its own letter back, in order, a key asked twice both times; one not found is null', async () => {
    const { groups, finish, reads } = manualReads();
    const asked = ['h1', 'h2', 'h1', 'h3'].map((k) => reads.add(k));
    await new Promise((res) => setImmediate(res));
    expect(groups).toEqual([['h1', 'h2', 'h1', 'h3']]);
    finish[0]!({ h1: 'Mektup 1', h3: 'Mektup 3' });
    expect(await Promise.all(asked)).toEqual(['Mektup 1', null, 'Mektup 1', 'Mektup 3']);
  });
});
