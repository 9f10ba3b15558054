// @vitest shared-modules
import { describe, expect, it } from 'vitest';
import { OpenedWriter, ReadGroups, type OpenedEvent } from './opened';

const ev = (letterId: string): OpenedEvent => ({
  at: '2026-11-16T09:00:00.000Z',
  campaignId: 'c1',
  letterId,
  accountId: 'a',
  detail: { ip: '203.0.113.7', userAgent: 'x' },
});

/** A write the test finishes by hand, recording each group it was given. */
function manualWrites() {
  const groups: string[][] = [];
  const finish: ((err?: Error) => void)[] = [];
  const write = (group: readonly OpenedEvent[]) =>
    new Promise<void>((ok, fail) => {
      groups.push(group.map((e) => e.letterId));
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

describe('OpenedWriter (first opens of reply links)', () => {
  it('writes the opens of one event-loop turn together; opens that arrive while it is written go together in the next statement; each answer waits for its own commit', async () => {
    const w = manualWrites();
    const writer = new OpenedWriter(w.write);
    const first = writer.record(ev('L1'));
    const also = writer.record(ev('L1b'));
    await new Promise((r) => setImmediate(r));
    const second = writer.record(ev('L2'));
    const third = writer.record(ev('L3'));
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
    const writer = new OpenedWriter(w.write);
    const first = writer.record(ev('L1'));
    await new Promise((r) => setImmediate(r));
    const second = writer.record(ev('L2'));
    w.finish[0]!(new Error('database unreachable'));
    await expect(first).rejects.toThrow('database unreachable');
    expect(w.groups).toEqual([['L1'], ['L2']]);
    w.finish[1]!();
    await expect(second).resolves.toBeUndefined();
    const third = writer.record(ev('L3'));
    await new Promise((r) => setImmediate(r));
    expect(w.groups).toEqual([['L1'], ['L2'], ['L3']]);
    w.finish[2]!();
    await expect(third).resolves.toBeUndefined();
  });
});

describe('ReadGroups (the letters of the links being opened)', () => {
  /** A read the test finishes by hand, recording each group of keys it was given. */
  function manualReads() {
    const groups: string[][] = [];
    const finish: ((found?: Record<string, string>, err?: Error) => void)[] = [];
    const read = (keys: readonly string[]) =>
      new Promise<ReadonlyMap<string, string>>((ok, fail) => {
        groups.push([...keys]);
        finish.push((found = {}, err) => (err ? fail(err) : ok(new Map(Object.entries(found)))));
      });
    return { groups, finish, read };
  }

  it('reads the keys of one turn with one statement, the same key once; keys asked for meanwhile go in the next; a key not found is null', async () => {
    const r = manualReads();
    const groups = new ReadGroups<string>(r.read);
    const a = groups.get('h1');
    const b = groups.get('h2');
    const a2 = groups.get('h1');
    await new Promise((res) => setImmediate(res));
    const c = groups.get('h3');
    const d = groups.get('h4');
    expect(r.groups).toEqual([['h1', 'h2']]);
    r.finish[0]!({ h1: 'Mektup 1' });
    expect(await Promise.all([a, b, a2])).toEqual(['Mektup 1', null, 'Mektup 1']);
    await new Promise((res) => setTimeout(res, 0));
    // h3 and h4 came while h1 and h2 were read: one statement for both.
    expect(r.groups).toEqual([
      ['h1', 'h2'],
      ['h3', 'h4'],
    ]);
    r.finish[1]!({ h3: 'Mektup 3', h4: 'Mektup 4' });
    expect(await Promise.all([c, d])).toEqual(['Mektup 3', 'Mektup 4']);
  });

  it('a read that fails fails its own group only; the next keys are read again', async () => {
    const r = manualReads();
    const groups = new ReadGroups<string>(r.read);
    const a = groups.get('h1').catch((e: Error) => e.message);
    await new Promise((res) => setImmediate(res));
    const b = groups.get('h2');
    r.finish[0]!(undefined, new Error('veritabanı meşgul'));
    expect(await a).toBe('veritabanı meşgul');
    await new Promise((res) => setTimeout(res, 0));
    r.finish[1]!({ h2: 'Mektup 2' });
    expect(await b).toBe('Mektup 2');
  });
});
