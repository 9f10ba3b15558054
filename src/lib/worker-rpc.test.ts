import { afterEach, describe, expect, it, vi } from 'vitest';
import { workerRpc } from './worker-rpc';

/** A stand-in for a Web Worker: the test plays the worker's side through `reply` and `crash`. */
class FakeWorker {
  static made = 0;
  posted: { data: { id: number; request: unknown }; transfer: Transferable[] }[] = [];
  onmessage: ((e: MessageEvent) => void) | null = null;
  onerror: ((e: ErrorEvent) => void) | null = null;
  terminated = false;
  constructor() {
    FakeWorker.made++;
  }
  postMessage(data: { id: number; request: unknown }, transfer: Transferable[] = []) {
    this.posted.push({ data, transfer });
  }
  terminate() {
    this.terminated = true;
  }
  reply(data: unknown) {
    this.onmessage?.({ data } as MessageEvent);
  }
  crash() {
    this.onerror?.({ preventDefault() {} } as ErrorEvent);
  }
}

afterEach(() => vi.unstubAllGlobals());

describe('workerRpc: one worker, started on the first call, answers matched to their calls', () => {
  it('answers each call by its id, passes progress on, and starts the worker once', async () => {
    vi.stubGlobal('Worker', FakeWorker);
    FakeWorker.made = 0;
    let w!: FakeWorker;
    const rpc = workerRpc<string, number>(() => (w = new FakeWorker() as unknown as FakeWorker) as unknown as Worker, 'test');
    const seen: number[] = [];
    const a = rpc.call('a', { progress: (p) => seen.push(p) })!;
    const b = rpc.call('b')!;
    expect(FakeWorker.made).toBe(1);
    expect(w.posted.map((p) => p.data)).toEqual([
      { id: 0, request: 'a' },
      { id: 1, request: 'b' },
    ]);
    w.reply({ id: 1, result: 22 });
    w.reply({ id: 0, progress: 0.5 });
    w.reply({ id: 0, result: 11 });
    expect(await a).toBe(11);
    expect(await b).toBe(22);
    expect(seen).toEqual([0.5]);
  });

  it('start() makes the worker before the first call (its script loads meanwhile); the call then uses that one', () => {
    vi.stubGlobal('Worker', FakeWorker);
    FakeWorker.made = 0;
    let w!: FakeWorker;
    const rpc = workerRpc<string, number>(() => (w = new FakeWorker()) as unknown as Worker, 'test');
    rpc.start();
    expect(FakeWorker.made).toBe(1);
    expect(w.posted).toEqual([]);
    rpc.start();
    void rpc.call('a');
    expect(FakeWorker.made).toBe(1);
    expect(w.posted.map((p) => p.data)).toEqual([{ id: 0, request: 'a' }]);
  });

  it("a job's error rejects that call only; a crashed worker rejects what is pending and is not used again", async () => {
    vi.stubGlobal('Worker', FakeWorker);
    let w!: FakeWorker;
    const rpc = workerRpc<string, number>(() => (w = new FakeWorker()) as unknown as Worker, 'export');
    const a = rpc.call('a')!;
    const b = rpc.call('b')!;
    w.reply({ id: 0, error: 'disk full' });
    await expect(a).rejects.toThrow('disk full');
    w.crash();
    await expect(b).rejects.toThrow('export worker failed');
    expect(w.terminated).toBe(true);
    expect(rpc.available()).toBe(false);
    expect(rpc.call('c')).toBeNull();
  });

  it('without Web Workers (or when one cannot start) there is no call: the caller works in the page', () => {
    expect(typeof (globalThis as { Worker?: unknown }).Worker).toBe('undefined');
    expect(workerRpc(() => new FakeWorker() as unknown as Worker, 'x').call('a')).toBeNull();
    vi.stubGlobal('Worker', FakeWorker);
    const failing = workerRpc(() => {
      throw new Error('blocked by CSP');
    }, 'x');
    expect(failing.call('a')).toBeNull();
    expect(failing.available()).toBe(false);
  });
});
