/**
 * Özet's get_cari or aging read in a thread of its own (overview-thread.ts): the gateway's thread
 * only moves the answers' bytes meanwhile, and the two reads — most of GET /api/overview's time —
 * take both cores.
 */
import { parentPort } from 'node:worker_threads';
import { nameThisThread } from '../threads';
import { extendAliases } from '../../src/domain/reader';
import { accountsPart, agingPart, readFailure } from '../../src/domain/overview-summary';

let aliased = false;
nameThisThread('cari-overview');

parentPort?.on('message', (m: { id: number; kind: 'accounts' | 'aging'; body: Uint8Array; aliases?: Record<string, unknown> }) => {
  if (m.aliases && !aliased) extendAliases(m.aliases);
  aliased = true;
  try {
    const text = new TextDecoder().decode(m.body);
    parentPort!.postMessage({ id: m.id, part: { ok: m.kind === 'accounts' ? accountsPart(text) : agingPart(text) } });
  } catch (err) {
    parentPort!.postMessage({ id: m.id, part: { failed: readFailure(err) } });
  }
});
