// @vitest shared-modules
import { describe, expect, it } from 'vitest';
import { TurnGroups } from './opened';

/** A group run that answers nothing per item (a write), each group finished by the test by hand. */
const writerOf = (write: (group: readonly string[]) => Promise<void>) =>
  new TurnGroups<string, void>(async (group) => {
    await write(group);
    return [];
  });

function manualWrites() {
  const groups: string[][] = [];
  const finish: ((err?: Error) => void)[] = [];
  const write = (group: readonly string[]) =>
    new Promise<void>((ok, fail) => {
      groups.push([...group]);
      finish.push((err) => (err ? fail(err) : ok()));
    });
  return { groups, finish, write };
}

const settled = async (p: Promise<void>) => {
  let state = 'waiting';
  p.then(
    () => (state = 'written'),
    () => (state = 'failed'),
  );
  await new Promise((r) => setTimeout(r, 0));
  return state;
};

describe('TurnGroups: the links opened in one turn', () => {
  it('writes the opens of one event-loop turn together; opens that arrive while it is written go together in the next statement; each answer waits for its own commit', async () => {
    const w = manualWrites();
    const writer = writerOf(w.write);
    const first = writer.add('L1');
    const also = writer.add('L1b');
    await new Promise((r) => setImmediate(r));
    const second = writer.add('L2');
    const third = writer.add('L3');
    expect(w.groups).toEqual([['L1', 'L1b']]);
    expect(await settled(second)).toBe('waiting');
    w.finish[0]!();
    expect([await settled(first), await settled(also)]).toEqual(['written', 'written']);
    // L2 and L3 came while L1 was written: one statement for both, and neither answered before it commits.
    expect(w.groups).toEqual([
      ['L1', 'L1b'],
      ['L2', 'L3'],
    ]);
    expect(await settled(third)).toBe('waiting');
    w.finish[1]!();
    expect([await settled(second), await settled(third)]).toEqual(['written', 'written']);
  });

  it('a group that cannot be written fails its own opens only; the next open is written again', async () => {
    const w = manualWrites();
    const writer = writerOf(w.write);
    const first = writer.add('L1');
    await new Promise((r) => setImmediate(r));
    const second = writer.add('L2');
    w.finish[0]!(new Error('database unreachable'));
    await expect(first).rejects.toThrow('database unreachable');
    expect(w.groups).toEqual([['L1'], ['L2']]);
    w.finish[1]!();
    await expect(second).resolves.toBeUndefined();
    const third = writer.add('L3');
    await new Promise((r) => setImmediate(r));
    expect(w.groups).toEqual([['L1'], ['L2'], ['L3']]);
    w.finish[2]!();
    await expect(third).resolves.toBeUndefined();
  });
});

describe('TurnGroups: the letters of the links being opened', () => {
  it('each key read in its group gets its own letter back, in order, a key asked twice both times; one not found is null', async () => {
    const groups: string[][] = [];
    let finish: (found: Record<string, string>) => void = () => undefined;
    const reads = new TurnGroups<string, string | null>(
      (keys) =>
        new Promise((ok) => {
          groups.push([...keys]);
          finish = (found) => ok(keys.map((k) => found[k] ?? null));
        }),
    );
    const asked = ['h1', 'h2', 'h1', 'h3'].map((k) => reads.add(k));
    await new Promise((res) => setImmediate(res));
    expect(groups).toEqual([['h1', 'h2', 'h1', 'h3']]);
    finish({ h1: 'Mektup 1', h3: 'Mektup 3' });
    expect(await Promise.all(asked)).toEqual(['Mektup 1', null, 'Mektup 1', 'Mektup 3']);
  });
});
