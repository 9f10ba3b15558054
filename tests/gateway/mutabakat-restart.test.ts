// @vitest shared-modules long
/**
 * Mutabakat across a restart: the server killed mid-campaign resumes it (no letter prepared or mailed
 * twice; a mail that was in flight goes again, marked); a second process on the same DATA_DIR refuses
 * with a message that says why; a database that cannot be reached gives clear 503s.
 */
import { execFileSync } from 'node:child_process';
import { rmSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { createServer } from 'node:net';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { lockDataDir } from '../../server/db/lock';
import { claim } from '../../server/jobs/queue';
import { mutabakatHarness } from './mutabakat-harness';
import { testTempDir } from '../harness/temp-dir';

const ASOF = '2026-06-30';

describe('mutabakat restart and faults', () => {
  it(
    'a campaign whose instance died mid-preparation resumes on restart: every letter once, the in-flight mail again and marked',
    { timeout: 120_000 },
    async () => {
      const h = await mutabakatHarness({ onDisk: true });
      const dataDir = h.settings.dataDir;
      let id = '';
      try {
        for (const acc of ['1006', '1047', '1058'])
          await h.api(`/api/mutabakat/contacts/${acc}`, { method: 'PUT', json: { to: [`m.${acc}@firma.example`], cc: [] } });
        const r = await h.api('/api/mutabakat/campaigns', { json: { accountIds: ['1006', '1047', '1058'], asOf: ASOF, deadline: '2026-12-31' } });
        id = ((await r.json()) as { campaign: { id: string } }).campaign.id;
        // An instance takes the preparation job and dies before finishing it.
        const ctx = await h.mut.ctx();
        expect(await claim(ctx.d, 'dead-instance', ['prepare'], 10, h.clock.now, 60_000)).toHaveLength(1);
        await h.drain(); // nothing: the job is invisible until its visibility timeout
        expect(((await (await h.api(`/api/mutabakat/campaigns/${id}`)).json()) as { campaign: { progress: { done: number } } }).campaign.progress.done).toBe(0);
      } finally {
        await h.mut.close();
      }
      // Restart on the same DATA_DIR, two minutes later.
      const h2 = await mutabakatHarness({ settings: { dataDir } });
      try {
        h2.clock.now = new Date(h2.clock.now.getTime() + 120_000);
        await h2.drain();
        const b = (await (await h2.api(`/api/mutabakat/campaigns/${id}`)).json()) as {
          campaign: { counts: Record<string, number> };
          letters: { id: string }[];
        };
        expect(b.campaign.counts).toMatchObject({ total: 3, sent: 3, preparing: 0 });
        const d = (await h2.mut.ctx()).d;
        const counts = await d.rows<{ type: string; n: number }>(
          sql`SELECT type, count(*)::int AS n FROM events WHERE type IN ('prepared', 'sent') GROUP BY type ORDER BY type`,
        );
        expect(counts).toEqual([
          { type: 'prepared', n: 3 },
          { type: 'sent', n: 3 },
        ]);
        // A mail in flight when the process stopped (state 'sending', its job claimed again): it goes, marked.
        const letterId = b.letters[0]!.id;
        await h2.api(`/api/mutabakat/letters/${letterId}/remind`, { json: {} });
        const [mail] = await d.rows<{ id: string }>(sql`SELECT id FROM mails WHERE kind = 'reminder'`);
        await d.rows(sql`UPDATE mails SET state = 'sending' WHERE id = ${mail!.id}`);
        await h2.drain();
        const [after] = await d.rows<{ state: string; maybe_twice: boolean }>(sql`SELECT state, maybe_twice FROM mails WHERE id = ${mail!.id}`);
        expect(after).toEqual({ state: 'sent', maybe_twice: true });
        const marked = await d.rows<{ n: number }>(sql`SELECT count(*)::int AS n FROM events WHERE type = 'resumed_in_flight' AND letter_id = ${letterId}`);
        expect(marked[0]!.n).toBe(1);
      } finally {
        await h2.close();
        // The harness's folder, the data folder's parent (h.close() removes it; the first server only stopped).
        rmSync(dirname(dataDir), { recursive: true, force: true });
      }
    },
  );

  it('a second process on the same DATA_DIR refuses, saying why; a lock left by a dead process is taken over', () => {
    const dir = testTempDir('cari-lock-');
    const release = lockDataDir(dir);
    try {
      let message = '';
      try {
        execFileSync(
          process.execPath,
          ['--import', 'tsx', '-e', `import('${join(process.cwd(), 'server/db/lock.ts')}').then((m) => m.lockDataDir(${JSON.stringify(dir)}))`],
          { stdio: 'pipe', encoding: 'utf8' },
        );
      } catch (e) {
        message = String((e as { stderr?: string }).stderr);
      }
      expect(message).toContain(`DATA_DIR (${dir}) is in use by another running process (pid ${process.pid})`);
      expect(message).toContain('DATABASE_URL');
    } finally {
      release();
    }
    writeFileSync(join(dir, 'cari.lock'), '2147483646'); // no such process
    const again = lockDataDir(dir);
    again();
  });

  it('PostgreSQL unreachable: the mutabakat calls answer 503 with a Turkish message, the rest of the gateway works', { timeout: 60_000 }, async () => {
    const port = await new Promise<number>((ok) => {
      const s = createServer();
      s.listen(0, '127.0.0.1', () => {
        const p = (s.address() as { port: number }).port;
        s.close(() => ok(p));
      });
    });
    const h = await mutabakatHarness({ settings: { databaseUrl: `postgres://cari@127.0.0.1:${port}/cari` } }).catch((e: unknown) => e);
    // The harness waits for the worker, which needs the database: build the check on the raw gateway instead.
    expect(h).toBeInstanceOf(Error);
    const { startApp } = await import('../../server/app/index');
    const { createGateway } = await import('../../server/gateway/index');
    const mut = await startApp({
      settings: {
        enabled: true,
        demo: true,
        databaseUrl: `postgres://cari@127.0.0.1:${port}/cari`,
        dataDir: '',
        mailFrom: 'a@b.example',
        publicUrl: 'http://x.test',
        publicUrlDefault: false,
        erpConcurrency: 2,
      },
      upstream: {} as never,
      company: { title: '', address: '', taxOffice: '', taxNo: '' },
      log: () => undefined,
      runWorker: false,
    });
    const { fetchTransport } = await import('../../server/gateway/upstream');
    const { createDemoErp, DEMO_USERS } = await import('../../server/demo-erp/index');
    const apiPassword = `api-${Date.now()}-şifre`;
    const erp = createDemoErp({ apiPassword });
    const gw = createGateway({
      erpBaseUrl: 'http://erp.invalid',
      erpApiPassword: apiPassword,
      sessionSecret: 'x'.repeat(40),
      transport: fetchTransport((r) => erp.fetch(r)),
      mutabakat: mut,
      log: () => undefined,
    });
    const login = await gw.request('/api/session', {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-app-request': '1' },
      body: JSON.stringify({ userName: DEMO_USERS[0]!.userName, password: DEMO_USERS[0]!.password }),
    });
    const cookie = (login.headers.get('set-cookie') ?? '').split(';')[0]!;
    const r = await gw.request('/api/mutabakat/campaigns', { headers: { cookie, 'x-app-request': '1' } });
    expect(r.status).toBe(503);
    expect(((await r.json()) as { error: { code: string; message: string } }).error).toEqual({
      code: 'db_unavailable',
      message: 'Veritabanına şu anda ulaşılamıyor; işlem yapılmadı. Lütfen biraz sonra tekrar deneyin.',
    });
    const erpCall = await gw.request('/api/erp/get_cari', {
      method: 'POST',
      headers: { cookie, 'x-app-request': '1', 'content-type': 'application/json' },
      body: '{"firma_ismi":""}',
    });
    expect(erpCall.status, await erpCall.clone().text()).toBe(200);
    // The counterpart's page: a plain Turkish 503 with the page's own headers, not a bare 500.
    const page = await mut.reply.request(`/yanit/${'C'.repeat(43)}`);
    expect([page.status, page.headers.get('retry-after'), page.headers.get('x-content-type-options')]).toEqual([503, '30', 'nosniff']);
    expect(page.headers.get('content-security-policy')).toContain("default-src 'none'");
    expect(await page.text()).toContain('Şu anda yanıt verilemiyor');
    await mut.close();
  });
});
