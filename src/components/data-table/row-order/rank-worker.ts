/// <reference lib="webworker" />
/**
 * Web Worker: Turkish collation ranks of a column's distinct values (textRanks from text-ranks.ts),
 * so sorting 100k names never blocks the page. Request: the distinct values; result: their ranks
 * (an Int32Array, buffer transferred). Protocol: worker-rpc.ts.
 */
import { answerRpc } from '../../../lib/worker-rpc-serve';
import { textRanks } from './text-ranks';

answerRpc<string[], Int32Array>((uniq) => {
  const rank = textRanks(uniq);
  return { result: rank, transfer: [rank.buffer] };
});
