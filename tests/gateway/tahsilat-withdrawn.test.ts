// @vitest shared-modules long
/**
 * The day's reminder proposals made again after the 07:00 Istanbul job: a customer paused since then
 * (a promise to pay, an itiraz) has its morning proposal withdrawn (skipped) — it is no longer
 * offered for 'Seçilenleri gönder' — while the others stay proposed, each once.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contacts } from '../../server/db/schema';
import { outboxTransport } from '../../server/mail/transport';
import { scheduleDailyProposal } from '../../server/tahsilat/daily';
import { mutabakatHarness, type Harness } from './mutabakat-harness';

let h: Harness;
beforeAll(async () => {
  h = await mutabakatHarness({ transport: outboxTransport(), settings: { demo: false } });
}, 60_000);
afterAll(async () => {
  await h?.close();
});

interface Proposal {
  id: string;
  accountId: string;
  state: string;
}
const proposals = async () => ((await (await h.api('/api/tahsilat/reminders')).json()) as { reminders: Proposal[] }).reminders;

describe('a customer paused after the 07:00 proposal', () => {
  it('has that proposal withdrawn when the proposals are made again; the others stay proposed', async () => {
    const ctx = await h.mut.ctx();
    await ctx.db.insert(contacts).values(
      h.erp.dataset.accounts.map((a) => ({
        accountId: a.id,
        to: [`muhasebe.${a.id}@musteri.example`],
        cc: [],
        person: 'Ayşe Yılmaz',
        updatedAt: new Date(),
        updatedBy: 't',
      })),
    );
    // 16.11.2026 08:30 Istanbul (05:30 UTC): the day's job (due at 07:00 Istanbul) runs.
    h.clock.now = new Date('2026-11-16T05:30:00Z');
    await scheduleDailyProposal(ctx);
    await h.drain();
    const morning = await proposals();
    const proposed = morning.filter((p) => p.state === 'proposed');
    expect(proposed.length).toBeGreaterThan(3);
    const [promised, disputed] = proposed;
    // 10:00 Istanbul: a promise to pay from one, an itiraz from another.
    h.clock.now = new Date('2026-11-16T07:00:00Z');
    const cur = h.erp.dataset.accountById.get(promised!.accountId)!.currency ?? 'TL';
    expect(
      (await h.api(`/api/tahsilat/accounts/${promised!.accountId}/promises`, { json: { amount: '1.000,00', currency: cur, due: '2026-11-30' } })).status,
    ).toBe(201);
    expect((await h.api(`/api/tahsilat/accounts/${disputed!.accountId}/state`, { method: 'PUT', json: { version: 0, flags: ['itiraz'] } })).status).toBe(200);
    // The accountant makes the day's proposals again.
    const again = ((await (await h.api('/api/tahsilat/reminders/propose', { json: {} })).json()) as { reminders: Proposal[] }).reminders;
    const state = new Map(again.map((p) => [p.accountId, p.state]));
    expect(state.get(promised!.accountId)).toBe('skipped');
    expect(state.get(disputed!.accountId)).toBe('skipped');
    // The rest: the morning's proposals, unchanged, one per customer (same ids).
    const rest = proposed.slice(2);
    expect(
      again
        .filter((p) => p.state === 'proposed')
        .map((p) => p.id)
        .sort(),
    ).toEqual(rest.map((p) => p.id).sort());
    expect(again).toHaveLength(morning.length);
    expect(await proposals()).toEqual(again);
  }, 120_000);
});
