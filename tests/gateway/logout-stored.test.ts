// @vitest shared-modules
/**
 * Issue 36 (5): a logout is done only when it is stored. With the file store, a logout while
 * STATE_FILE cannot be written answers 503; the retry once the disk is back must write the logout
 * (204 and the line in the file), so that after a restart the old cookie is refused. Real sockets.
 */
import { mkdirSync, mkdtempSync, readFileSync, rmSync, rmdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { FileStore } from '../../server/gateway/state-file';
import { gatewayHarness } from './helpers';

const h = gatewayHarness({ testClock: true });
let dir = '';
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'i36-logout-'));
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

describe('a logout that could not be written', () => {
  it('is written by the retry once the disk is back, and stays done after a restart', async () => {
    const path = join(dir, 'revoked.jsonl');
    const first = await h.gateway({ store: new FileStore(path, { now: h.clock.t }) });
    expect((await first.login()).status).toBe(200);
    const cookie = [...first.jar].map(([k, v]) => `${k}=${v}`).join('; ');

    // The disk "fails": the file's place is taken by a directory, so appending to it fails.
    rmSync(path);
    mkdirSync(path);
    const refused = await first.call('/api/session', { method: 'DELETE', headers: { cookie } });
    expect(refused.status).toBe(503);

    // The disk is back; the browser tries again with the same cookie.
    rmdirSync(path);
    const retry = await first.call('/api/session', { method: 'DELETE', headers: { cookie } });
    expect(retry.status).toBe(204);
    const sid = JSON.parse(readFileSync(path, 'utf8').trim().split('\n').at(-1)!) as { sid?: string };
    expect(typeof sid.sid).toBe('string');

    // A restart: a new gateway reading the same file refuses the old cookie.
    await first.close();
    const second = await h.gateway({ store: new FileStore(path, { now: h.clock.t }) });
    const who = await second.call('/api/session', { headers: { cookie } });
    expect(await who.json()).toEqual({ user: null });
  });
});
