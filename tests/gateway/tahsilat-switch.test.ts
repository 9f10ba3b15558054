// @vitest shared-modules
/**
 * MUTABAKAT=0 and TAHSILAT=0 are two switches: MUTABAKAT=0 turns off mutabakat and BA/BS campaigns
 * (their calls and the reply pages answer 503 saying so) while tahsilat keeps working on the database;
 * TAHSILAT=0 turns off tahsilat the same way. The start-up log says which one runs.
 */
import { describe, expect, it } from 'vitest';
import { resolveAppSettings } from '../../server/app/settings';
import { mutabakatHarness } from './mutabakat-harness';

/** The two switches as the server reads them from the environment. */
function switches(env: Record<string, string>) {
  const problems: string[] = [];
  const s = resolveAppSettings(env, { demo: true, cwd: process.cwd(), host: '127.0.0.1', port: 3000 }, problems);
  expect(problems).toEqual([]);
  return { enabled: s.enabled, tahsilat: s.tahsilat };
}

const errorOf = async (r: Response) => [r.status, ((await r.json()) as { error: unknown }).error];

describe('MUTABAKAT=0 and TAHSILAT=0', () => {
  it('MUTABAKAT=0: mutabakat answers 503 saying so, tahsilat records a note and shows it; the start-up log says which runs', { timeout: 60_000 }, async () => {
    const lines: string[] = [];
    const h = await mutabakatHarness({ settings: switches({ MUTABAKAT: '0' }), log: (l) => lines.push(l) });
    try {
      expect(lines).toEqual(['mutabakat off (MUTABAKAT=0); tahsilat: database PGlite in memory://; mail: demo outbox (no SMTP_URL)']);
      expect(await errorOf(await h.api('/api/mutabakat/campaigns'))).toEqual([
        503,
        { code: 'disabled', message: 'Mutabakat bu sunucuda kapalı (MUTABAKAT=0).' },
      ]);
      expect(await errorOf(await h.api('/api/mutabakat/campaigns', { json: { accountIds: ['1006'], asOf: '2026-06-30', deadline: '2026-12-31' } }))).toEqual([
        503,
        { code: 'disabled', message: 'Mutabakat bu sunucuda kapalı (MUTABAKAT=0).' },
      ]);
      // A counterpart's link: the plain page, nothing else.
      const page = await h.reply(`/yanit/${'C'.repeat(43)}`);
      expect(page.status).toBe(503);
      expect(await page.text()).toContain('Şu anda yanıt verilemiyor');
      // Tahsilat: a note on a customer is kept and shown with the account.
      const noted = await h.api('/api/tahsilat/accounts/1006/activities', { json: { kind: 'note', note: 'Ödeme için arandı, cuma dönecek.' } });
      expect(noted.status).toBe(201);
      const account = (await (await h.api('/api/tahsilat/accounts/1006')).json()) as { activities: { kind: string; note: string }[] };
      expect(account.activities.map((a) => [a.kind, a.note])).toEqual([['note', 'Ödeme için arandı, cuma dönecek.']]);
      expect((await h.api('/api/tahsilat/settings')).status).toBe(200);
    } finally {
      await h.close();
    }
  });

  it('TAHSILAT=0: tahsilat answers 503 saying so, mutabakat works', { timeout: 60_000 }, async () => {
    const lines: string[] = [];
    const h = await mutabakatHarness({ settings: switches({ TAHSILAT: '0' }), log: (l) => lines.push(l) });
    try {
      expect(lines).toEqual(['mutabakat (tahsilat off: TAHSILAT=0): database PGlite in memory://; mail: demo outbox (no SMTP_URL)']);
      expect(await errorOf(await h.api('/api/tahsilat/accounts/1006/activities', { json: { kind: 'note', note: 'Not' } }))).toEqual([
        503,
        { code: 'disabled', message: 'Tahsilat bu sunucuda kapalı (TAHSILAT=0).' },
      ]);
      expect(await errorOf(await h.api('/api/tahsilat/worklist'))).toEqual([503, { code: 'disabled', message: 'Tahsilat bu sunucuda kapalı (TAHSILAT=0).' }]);
      expect((await h.api('/api/mutabakat/campaigns')).status).toBe(200);
    } finally {
      await h.close();
    }
  });
});
