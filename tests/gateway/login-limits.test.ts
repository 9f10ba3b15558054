// @vitest shared-modules long
/**
 * Issue 24 (3): the login limiter never refuses a right password because of attempts still waiting for
 * the ERP, a success never re-arms a delay for someone else, and a user who logged in from an address
 * stays "known" there across a restart without Redis (STATE_FILE). Real HTTP on 127.0.0.1.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { FileStore } from '../../server/gateway/state-file';
import { USER, client, gatewayHarness } from './helpers';

const h = gatewayHarness({ testClock: true });
const { clock, gateway } = h;
let dir = '';

beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'cari-limits-'));
});
afterEach(() => {
  rmSync(dir, { recursive: true, force: true });
});

/** A login from address `ip` (a fresh cookie jar each time). */
const loginFrom = (url: string, ip: string, userName: string, password: string) =>
  client(url).call('/api/session', { method: 'POST', json: { userName, password }, headers: { 'x-test-client': ip } });
const getUserCalls = () => h.erp.requests.filter((r) => r.path.endsWith('/get_user')).length;

describe('attempts still waiting for the ERP are not failures', () => {
  it('20 simultaneous right passwords of one user from one address (ERP takes 0.4 s): all 20 get in', async () => {
    const g = await gateway();
    h.erp.loginDelayMs = 400;
    const answers = await Promise.all(Array.from({ length: 20 }, () => loginFrom(g.url, '10.0.0.1', USER.userName, USER.password)));
    expect(answers.map((r) => r.status)).toEqual(Array<number>(20).fill(200));
  }, 20_000);

  it('20 colleagues behind one office address log in at the same moment (ERP takes 0.4 s): all 20 get in', async () => {
    const g = await gateway();
    for (let i = 0; i < 20; i++) h.erp.users[`kullanici${i}`] = `Şifre-${i}`;
    h.erp.loginDelayMs = 400;
    const answers = await Promise.all(Array.from({ length: 20 }, (_, i) => loginFrom(g.url, '10.0.0.2', `kullanici${i}`, `Şifre-${i}`)));
    expect(answers.map((r) => r.status)).toEqual(Array<number>(20).fill(200));
  }, 20_000);

  it('but 20 simultaneous wrong guesses still cannot slip past: 10 reach the ERP from one address, the rest are refused', async () => {
    const g = await gateway();
    h.erp.loginDelayMs = 150;
    const answers = await Promise.all(Array.from({ length: 20 }, (_, i) => loginFrom(g.url, '10.0.0.3', `tahmin${i}`, 'x')));
    const statuses = answers.map((r) => r.status);
    expect(statuses.filter((s) => s === 401)).toHaveLength(10);
    expect(statuses.filter((s) => s === 429)).toHaveLength(10);
    expect(getUserCalls()).toBe(10);
  });
});

describe('a success never locks out someone else', () => {
  it('10 wrong names from an address, 31 s later a known user logs in: the next new user is asked about, not locked out for 30 s', async () => {
    const g = await gateway();
    h.erp.users.mehmet = 'Mehmet-Şifre';
    expect((await loginFrom(g.url, '10.0.0.7', USER.userName, USER.password)).status).toBe(200); // ayşe is known there
    for (let i = 0; i < 10; i++) expect((await loginFrom(g.url, '10.0.0.7', `deneme${i}`, 'x')).status).toBe(401);
    expect((await loginFrom(g.url, '10.0.0.7', 'mehmet', 'Mehmet-Şifre')).status).toBe(429); // the address waits 30 s
    clock.t += 31_000;
    expect((await loginFrom(g.url, '10.0.0.7', USER.userName, USER.password)).status).toBe(200);
    // The delay ran from the last failure, not from ayşe's success.
    expect((await loginFrom(g.url, '10.0.0.7', 'mehmet', 'Mehmet-Şifre')).status).toBe(200);
  });
});

describe('"known" users survive a restart without Redis', () => {
  it('ayşe logs in, the server restarts (same STATE_FILE), 10 wrong names from her address: ayşe still gets in', async () => {
    const path = join(dir, 'state.jsonl');
    const first = await gateway({ store: new FileStore(path, { now: clock.t }) });
    expect((await loginFrom(first.url, '10.0.0.9', USER.userName, USER.password)).status).toBe(200);
    await first.close();
    clock.t += 3_600_000;
    const second = await gateway({ store: new FileStore(path, { now: clock.t }) });
    for (let i = 0; i < 10; i++) expect((await loginFrom(second.url, '10.0.0.9', `deneme${i}`, 'x')).status).toBe(401);
    expect((await loginFrom(second.url, '10.0.0.9', 'yabanci', 'x')).status).toBe(429);
    expect((await loginFrom(second.url, '10.0.0.9', USER.userName, USER.password)).status).toBe(200);
  });
});
