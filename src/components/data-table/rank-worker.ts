/// <reference lib="webworker" />
/**
 * Web Worker: Turkish collation ranks of a column's distinct values (textRanks from row-order.ts),
 * so sorting 100k names never blocks the page. Message in: { id, uniq: string[] };
 * out: { id, rank: Int32Array } (buffer transferred).
 */
import { textRanks } from './row-order';

const scope = self as unknown as DedicatedWorkerGlobalScope;
scope.onmessage = (event: MessageEvent<{ id: number; uniq: string[] }>) => {
  const { id, uniq } = event.data;
  const rank = textRanks(uniq);
  scope.postMessage({ id, rank }, [rank.buffer]);
};
