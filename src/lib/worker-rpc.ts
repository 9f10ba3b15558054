/**
 * A Web Worker used as a function: one worker per kind of job, started on the first call, each
 * answer matched to its call by id. Messages: in { id, request }; out { id, progress } (any number),
 * then { id, result } or { id, error }. The worker side is answerRpc (worker-rpc-serve.ts).
 *
 * `call` returns null where no worker can run (tests, a browser without workers, a worker that failed
 * once): the caller then does the work in the page. `create` holds the literal
 * `new Worker(new URL('./x-worker.ts', import.meta.url), { type: 'module' })` Vite bundles the worker by.
 */
export interface WorkerRpc<Req, Res, P = number> {
  call(request: Req, options?: { transfer?: Transferable[]; progress?: (progress: P) => void }): Promise<Res> | null;
  /** Whether a call would go to a worker. */
  available(): boolean;
  /** Starts the worker ahead of the first call (its script loads meanwhile); nothing where none can run. */
  start(): void;
}

export type RpcReply<Res, P = number> = { id: number } & ({ progress: P } | { result: Res } | { error: string });

interface Job<Res, P> {
  resolve: (result: Res) => void;
  reject: (error: Error) => void;
  progress?: (progress: P) => void;
}

export function workerRpc<Req, Res, P = number>(create: () => Worker, name: string): WorkerRpc<Req, Res, P> {
  let worker: Worker | null = null;
  let broken = false;
  let nextId = 0;
  const jobs = new Map<number, Job<Res, P>>();

  const fail = () => {
    broken = true;
    worker?.terminate();
    worker = null;
    for (const job of jobs.values()) job.reject(new Error(`${name} worker failed`));
    jobs.clear();
  };

  const start = (): Worker | null => {
    if (worker) return worker;
    if (broken || typeof Worker === 'undefined') return null;
    try {
      const w = create();
      w.onmessage = (event: MessageEvent<RpcReply<Res, P>>) => {
        const reply = event.data;
        const job = jobs.get(reply.id);
        if (!job) return;
        if ('result' in reply) {
          jobs.delete(reply.id);
          job.resolve(reply.result);
        } else if ('error' in reply) {
          jobs.delete(reply.id);
          job.reject(new Error(reply.error));
        } else job.progress?.(reply.progress);
      };
      w.onerror = (event) => {
        event.preventDefault();
        fail();
      };
      worker = w;
      return w;
    } catch {
      broken = true;
      return null;
    }
  };

  return {
    available: () => !broken && typeof Worker !== 'undefined',
    start: () => void start(),
    call(request, options) {
      const w = start();
      if (!w) return null;
      const id = nextId++;
      return new Promise<Res>((resolve, reject) => {
        jobs.set(id, { resolve, reject, progress: options?.progress });
        w.postMessage({ id, request }, options?.transfer ?? []);
      });
    },
  };
}
