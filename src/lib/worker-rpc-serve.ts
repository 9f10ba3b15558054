/**
 * The worker side of workerRpc (worker-rpc.ts): each request handled by `handle`, its result (or its
 * error's message) sent back under the request's id, progress reports in between (their buffers moved
 * when given).
 */
export function answerRpc<Req, Res, P = number>(
  handle: (
    request: Req,
    progress: (progress: P, transfer?: Transferable[]) => void,
  ) => Promise<{ result: Res; transfer?: Transferable[] }> | { result: Res; transfer?: Transferable[] },
): void {
  const scope = self as unknown as {
    onmessage: ((e: MessageEvent<{ id: number; request: Req }>) => void) | null;
    postMessage(m: unknown, t?: Transferable[]): void;
  };
  scope.onmessage = async (event) => {
    const { id, request } = event.data;
    try {
      const { result, transfer } = await handle(request, (progress, transfer) => scope.postMessage({ id, progress }, transfer ?? []));
      scope.postMessage({ id, result }, transfer ?? []);
    } catch (error) {
      scope.postMessage({ id, error: error instanceof Error ? error.message : String(error) });
    }
  };
}
