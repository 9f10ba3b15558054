/**
 * Özet's aging read in a thread of its own (overview-thread.ts): the gateway's thread reads get_cari
 * meanwhile, so the two answers' reading — most of GET /api/overview's time — takes both cores.
 */
import { parentPort } from 'node:worker_threads';
import { extendAliases } from '../../src/domain/reader';
import { agingPart, readFailure } from '../../src/domain/overview-summary';

let aliased = false;
parentPort?.on('message', (m: { id: number; body: Uint8Array; aliases?: Record<string, unknown> }) => {
  if (m.aliases && !aliased) extendAliases(m.aliases);
  aliased = true;
  try {
    parentPort!.postMessage({ id: m.id, part: { ok: agingPart(new TextDecoder().decode(m.body)) } });
  } catch (err) {
    parentPort!.postMessage({ id: m.id, part: { failed: readFailure(err) } });
  }
});
