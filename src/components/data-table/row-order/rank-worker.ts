/// <reference lib="webworker" />
/**
 * Web Worker: Turkish collation ranks of a column's distinct values (textRanks from text-ranks.ts),
 * so sorting 100k names never blocks the page. Message in: { id, uniq: string[] };
 * out: { id, rank: Int32Array } (buffer transferred).
 */
import { textRanks } from './text-ranks';

const scope = self as unknown as DedicatedWorkerGlobalScope;
scope.onmessage = (event: MessageEvent<{ id: number; uniq: string[] }>) => {
  const { id, uniq } = event.data;
  const rank = textRanks(uniq);
  scope.postMessage({ id, rank }, [rank.buffer]);
};
