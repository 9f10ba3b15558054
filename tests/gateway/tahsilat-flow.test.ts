// @vitest shared-modules long
/**
 * Tahsilat takibi over the real gateway, demo ERP and PGlite, mails read back from an SMTP inbox on
 * 127.0.0.1. Expected figures are worked from the dataset with a FIFO written here (not the engine).
 */
import { describe, expect, it } from 'vitest';
import { contacts } from '../../server/db/schema';
import type { DemoErp } from '../../server/demo-erp/index';
import { mailHarness, type Harness, type Inbox } from './mutabakat-harness';

let h: Harness;
let inbox: Inbox;
mailHarness((m) => ({ h, inbox } = m), { settings: { demo: false } });

const DAY = 86_400_000;
const days = (from: string, to: string) => Math.round((Date.parse(to) - Date.parse(from)) / DAY);

/**
 * FIFO by due date per currency the account's lines are written in (the account view's rule, as the
 * open-items page: TL = the lines written in TL, TL first). `items` is the side that is owed (debits:
 * the customer owes us; credits: we owe the supplier), the other side pays them. A return that names
 * its invoice (İlgili Belge No) closes that invoice first, up to what it is owed, and only the rest
 * joins the payments (the engine's rule, src/domain/ledger/open-items.ts): a return of an invoice not
 * yet due leaves the overdue ones as they are. Per currency: what stays open, the past-due part of it
 * and the oldest open item's days.
 */
type HandCurrency = { currency: string; overdue: number; open: number; oldest: number };
function handFifo(erp: DemoErp, id: string, asOf: string, items: 'debit' | 'credit'): (HandCurrency & { net: number })[] {
  const a = erp.dataset.accountById.get(id)!;
  const written = (l: (typeof a.lines)[number]) => l.currency ?? 'TL';
  const all = [...new Set(a.lines.map(written))].sort((x, y) => (x === 'TL' ? -1 : y === 'TL' ? 1 : 0));
  return all.map((cur) => {
    const lines = a.lines.filter((l) => l.date <= asOf && written(l) === cur);
    const amt = (l: (typeof lines)[number], side: 'debit' | 'credit') => (cur === 'TL' ? l[side] : l[side] > 0 ? l.currencyAmount! : 0);
    const payments = items === 'debit' ? 'credit' : 'debit';
    const owed = lines
      .filter((l) => amt(l, items) > 0)
      .map((l) => ({ no: l.documentNo, due: l.dueDate ?? l.date, left: amt(l, items) }))
      .sort((x, y) => (x.due < y.due ? -1 : x.due > y.due ? 1 : 0));
    let pool = 0;
    for (const l of lines) {
      let paid = amt(l, payments);
      const named = l.relatedDocumentNo ? owed.find((d) => d.no === l.relatedDocumentNo) : undefined;
      if (named && paid > 0) {
        const take = Math.min(paid, named.left);
        named.left -= take;
        paid -= take;
      }
      pool += paid;
    }
    const net = lines.reduce((s, l) => s + amt(l, items) - amt(l, payments), 0);
    let overdue = 0;
    let oldest = 0;
    let open = 0;
    for (const d of owed) {
      const take = Math.min(pool, d.left);
      pool -= take;
      const left = d.left - take;
      open += left;
      if (left > 0 && days(d.due, asOf) > 0) {
        overdue += left;
        oldest = Math.max(oldest, days(d.due, asOf));
      }
    }
    return { currency: cur, overdue, open, oldest, net };
  });
}

/** A customer's overdue currencies (none: null); `currency`/`overdue` are the account's own currency's, `oldest` the oldest of all. */
function handAging(erp: DemoErp, id: string, asOf: string): (HandCurrency & { currencies: HandCurrency[] }) | null {
  const a = erp.dataset.accountById.get(id)!;
  const currencies = handFifo(erp, id, asOf, 'debit').filter((c) => c.open > 0 && c.overdue > 0);
  if (!currencies.length) return null;
  const own = currencies.find((c) => c.currency === (a.currency ?? 'TL'));
  return { currency: a.currency ?? 'TL', overdue: own?.overdue ?? 0, open: own?.open ?? 0, oldest: Math.max(...currencies.map((c) => c.oldest)), currencies };
}

/**
 * A supplier: the account's first currency with a balance leans to the credit side; only its
 * currencies that lean that way count. Null for a customer or a settled account.
 */
function handOwed(erp: DemoErp, id: string, asOf: string): HandCurrency[] | null {
  const owed = handFifo(erp, id, asOf, 'credit').filter((c) => c.net !== 0);
  return owed.length && owed[0]!.net > 0 ? owed.filter((c) => c.net > 0) : null;
}

interface Row {
  accountId: string;
  overdue: { currency: string; overdue: number; oldestDays: number }[];
  oldestDays: number;
  promise: { status: string; shortfall: number | null } | null;
  urgency: number;
  flags: string[];
  nextAction: string;
}
const worklist = async (view = 'all') =>
  (await (await h.api(`/api/tahsilat/worklist?view=${view}&refresh=1`)).json()) as {
    rows: Row[];
    counts: Record<string, number>;
    stale: boolean;
    problem: string | null;
  };

/** A payment received, added through the demo ERP (a credit line on the account's statement). */
const pay = (accountId: string, date: string, amount: number, currencyAmount?: number) => h.erp.addPayment({ accountId, date, amount, currencyAmount });

describe('the worklist', () => {
  it('lists exactly the customers with overdue receivables, with their overdue sum and oldest days worked from the dataset', async () => {
    const wl = await worklist();
    const expected = new Map(h.erp.dataset.accounts.map((a) => [a.id, handAging(h.erp, a.id, '2026-11-16')] as const).filter(([, v]) => v !== null));
    expect(expected.size).toBeGreaterThan(20);
    expect(new Set(wl.rows.map((r) => r.accountId))).toEqual(new Set(expected.keys()));
    for (const r of wl.rows) {
      const e = expected.get(r.accountId)!;
      expect(r.overdue).toEqual(e.currencies.map((c) => expect.objectContaining({ currency: c.currency, overdue: c.overdue, oldestDays: c.oldest })));
    }
    // Nobody has planned anything: oldest first.
    const olds = wl.rows.map((r) => r.oldestDays);
    expect(olds).toEqual([...olds].sort((a, b) => b - a));
    expect(wl.stale).toBe(false);
  });

  it('views: mine, due today or late, disputes — and a later save of the next action sees the earlier one', async () => {
    const [a, b] = (await worklist()).rows;
    const put = (id: string, json: unknown) => h.api(`/api/tahsilat/accounts/${id}/state`, { method: 'PUT', json });
    expect((await put(a!.accountId, { version: 0, owner: 'demo', nextAction: 'Ara: ödeme tarihi', nextActionDate: '2026-11-16', flags: [] })).status).toBe(200);
    // A second user read version 0 too: their save is refused and shows the first one's.
    const late = await put(a!.accountId, { version: 0, owner: 'other', nextAction: 'Mektup', nextActionDate: '2026-11-30', flags: [] });
    expect(late.status).toBe(409);
    const body = (await late.json()) as { error: { message: string; current: { nextAction: string; version: number } } };
    expect(body.error.message).toMatch(/değiştirdi; kaydınız yapılmadı/);
    expect(body.error.current).toMatchObject({ nextAction: 'Ara: ödeme tarihi', version: 1 });
    expect((await put(b!.accountId, { version: 0, owner: null, nextAction: 'Fatura kopyası', nextActionDate: '2026-12-01', flags: ['itiraz'] })).status).toBe(
      200,
    );
    const me = (await (await h.api('/api/session')).json()) as { user: { userName: string } };
    expect(me.user.userName).toBe('demo');
    expect((await worklist('mine')).rows.map((r) => r.accountId)).toEqual([a!.accountId]);
    expect((await worklist('today')).rows.map((r) => r.accountId)).toEqual([a!.accountId]);
    expect((await worklist('disputes')).rows.map((r) => r.accountId)).toEqual([b!.accountId]);
    // The action due today comes first in "all".
    expect((await worklist()).rows[0]!.accountId).toBe(a!.accountId);
    // 31.02 is no day: refused, nothing saved.
    const bad = await put(a!.accountId, { version: 1, nextAction: 'x', nextActionDate: '31.02.2027', flags: [] });
    expect(bad.status).toBe(400);
    expect(JSON.stringify(await bad.json())).toMatch(/geçerli bir tarih değil/);
  });
});

describe('suppliers (read-only)', () => {
  it('lists exactly the accounts we owe, per currency what is past due and what is open, worked from the dataset; the oldest first', async () => {
    const res = await h.api('/api/tahsilat/payables');
    const body = (await res.json()) as {
      stale: boolean;
      rows: { accountId: string; open: { currency: string; overdue: number; open: number; oldestDays: number }[]; oldestDays: number }[];
    };
    const expected = new Map(
      h.erp.dataset.accounts.map((a) => [a.id, handOwed(h.erp, a.id, '2026-11-16')] as const).filter((e): e is [string, HandCurrency[]] => e[1] !== null),
    );
    expect(expected.size).toBeGreaterThan(10);
    // The dataset has both: suppliers with something past due, and some of what we owe not due yet.
    const owed = [...expected.values()].flat();
    expect(owed.some((c) => c.overdue > 0)).toBe(true);
    expect(owed.some((c) => c.open > c.overdue)).toBe(true);
    expect(new Set(body.rows.map((r) => r.accountId))).toEqual(new Set(expected.keys()));
    for (const r of body.rows) {
      expect(r.open).toEqual(
        expected.get(r.accountId)!.map((c) => expect.objectContaining({ currency: c.currency, overdue: c.overdue, open: c.open, oldestDays: c.oldest })),
      );
    }
    const olds = body.rows.map((r) => r.oldestDays);
    expect(olds).toEqual([...olds].sort((a, b) => b - a));
    // A customer is never listed as a supplier.
    const customers = (await worklist()).rows.map((r) => r.accountId);
    expect(customers.filter((id) => expected.has(id))).toEqual([]);
    expect(body.stale).toBe(false);
  });
});

describe('the ERP unreachable', () => {
  it('still shows our notes and promises and says the figures are stale', async () => {
    const id = (await worklist()).rows[5]!.accountId;
    expect(
      (
        await h.api(`/api/tahsilat/accounts/${id}/state`, {
          method: 'PUT',
          json: { version: 0, nextAction: 'Tekrar ara', nextActionDate: '2026-11-18', flags: [] },
        })
      ).status,
    ).toBe(200);
    h.erp.settings.fail = 'html500';
    try {
      const wl = await worklist();
      expect(wl.stale).toBe(true);
      expect(wl.problem).toMatch(/güncel değil/);
      expect(wl.rows.find((r) => r.accountId === id)).toMatchObject({ nextAction: 'Tekrar ara' });
    } finally {
      h.erp.settings.fail = 'none';
    }
  });
});

describe('promises to pay', () => {
  const promise = (id: string, json: unknown) => h.api(`/api/tahsilat/accounts/${id}/promises`, { json });
  const account = async (id: string) =>
    (await (await h.api(`/api/tahsilat/accounts/${id}`)).json()) as {
      promises: { status: string; paid: number; shortfall: number; late: boolean }[];
      activities: { kind: string }[];
    };
  // Customers owing more than any promise here (50.000,00 TL), so every payment leaves them receivable.
  const tlCustomers = () => h.erp.dataset.accounts.filter((a) => !a.currency && (handAging(h.erp, a.id, '2026-11-16')?.overdue ?? 0) >= 5_000_000);

  it('bad input: past date, zero or negative amount, a currency the account lacks, 31.02 — clear messages, nothing saved', async () => {
    const id = tlCustomers()[0]!.id;
    const cases: [unknown, RegExp][] = [
      [{ amount: '50.000,00', currency: 'TL', due: '2026-11-10' }, /geçmişte olamaz \(10\.11\.2026; bugün 16\.11\.2026\)/],
      [{ amount: '0', currency: 'TL', due: '2026-11-20' }, /sıfırdan büyük/],
      [{ amount: '-5', currency: 'TL', due: '2026-11-20' }, /sıfırdan büyük/],
      [{ amount: '100', currency: 'EUR', due: '2026-11-20' }, /EUR para birimi yok; hesabın para birimleri: TL/],
      [{ amount: '100', currency: 'TL', due: '31.02.2027' }, /“31\.02\.2027” geçerli bir tarih değil/],
      [{ amount: 'elli', currency: 'TL', due: '2026-11-20' }, /Söz tutarı “1\.234,56” biçiminde girilmeli\. “elli” bir tutar değil/],
      // A JSON number of units: never rounded to the kuruş behind the user's back.
      [{ amount: 100.555, currency: 'TL', due: '2026-11-20' }, /en çok iki ondalık hane/],
    ];
    for (const [json, msg] of cases) {
      const r = await promise(id, json);
      expect(r.status).toBe(400);
      expect(JSON.stringify(await r.json())).toMatch(msg);
    }
    const acc = await account(id);
    expect(acc.promises).toEqual([]);
    expect(acc.activities).toEqual([]);
  });

  it('amounts typed as Turkish people type them (issue 46): “50.000” is 50.000,00 TL; “1,500” is refused naming both readings; a JSON number is still read', async () => {
    const [a, b] = tlCustomers()
      .slice(-2)
      .map((x) => x.id);
    const refused = await promise(a!, { amount: '1,500', currency: 'TL', due: '2026-11-20' });
    expect(refused.status).toBe(400);
    expect(JSON.stringify(await refused.json())).toContain('Söz tutarı “1,500” belirsiz: bin beş yüz için “1.500”, bir buçuk için “1,50” yazın.');
    const grouped = await promise(a!, { amount: '15.00', currency: 'TL', due: '2026-11-20' });
    expect(grouped.status).toBe(400);
    expect(JSON.stringify(await grouped.json())).toContain('Söz tutarı “1.234,56” biçiminde girilmeli. “15.00” okunamadı');
    expect((await account(a!)).promises).toEqual([]);

    expect((await promise(a!, { amount: '50.000', currency: 'TL', due: '2026-11-20' })).status).toBe(201);
    expect((await promise(b!, { amount: 12500.5, currency: 'TL', due: '2026-11-20' })).status).toBe(201);
    expect((await account(a!)).promises).toEqual([expect.objectContaining({ amount: 5_000_000, currency: 'TL' })]);
    expect((await account(b!)).promises).toEqual([expect.objectContaining({ amount: 1_250_050, currency: 'TL' })]);
  });

  it('kept by two payments, kept late within grace, partly kept, broken (back on top, flagged), another currency', async () => {
    const [k2, kLate, kPart, kBroken] = tlCustomers().map((a) => a.id);
    const usd = h.erp.dataset.accounts.find((a) => a.currency === 'USD' && (handAging(h.erp, a.id, '2026-11-16')?.overdue ?? 0) >= 120_000)!.id;
    // Taken on 16.11, all due 20.11; grace 3 days → payments count up to 23.11.
    for (const [id, amount, cur] of [
      [k2, '50.000,00', 'TL'],
      [kLate, '10.000,00', 'TL'],
      [kPart, '40.000,00', 'TL'],
      [kBroken, '25.000,00', 'TL'],
      [usd, '1.200,00', 'USD'],
    ] as const) {
      expect((await promise(id!, { amount, currency: cur, due: '2026-11-20' })).status).toBe(201);
    }
    // While pending: paused, not flagged.
    expect((await account(k2!)).promises[0]!.status).toBe('pending');
    pay(k2!, '2026-11-17', 3_000_000); // 30.000,00
    pay(k2!, '2026-11-19', 2_000_000); // + 20.000,00 = 50.000,00
    pay(kLate!, '2026-11-23', 1_000_000); // 10.000,00 on the last day of grace
    pay(kPart!, '2026-11-18', 2_550_075); // 25.500,75 of 40.000,00 → shortfall 14.499,25
    pay(kBroken!, '2026-11-24', 2_500_000); // one day after grace: does not count
    pay(usd, '2026-11-18', 5_000_000, 120_000); // USD 1.200,00
    h.clock.now = new Date('2026-11-25T09:00:00Z');
    expect((await account(k2!)).promises[0]).toMatchObject({ status: 'kept', paid: 5_000_000, late: false });
    expect((await account(kLate!)).promises[0]).toMatchObject({ status: 'kept', late: true });
    expect((await account(kPart!)).promises[0]).toMatchObject({ status: 'partial', paid: 2_550_075, shortfall: 1_449_925 });
    expect((await account(kBroken!)).promises[0]).toMatchObject({ status: 'broken', paid: 0, shortfall: 2_500_000 });
    expect((await account(usd)).promises[0]).toMatchObject({ status: 'kept', paid: 120_000 });
    const all = await worklist();
    expect(new Set(all.rows.slice(0, 2).map((r) => r.accountId))).toEqual(new Set([kPart, kBroken]));
    expect((await worklist('broken')).rows.map((r) => r.accountId).sort()).toEqual([kPart, kBroken].sort());
    expect((await account(k2!)).activities.map((a) => a.kind)).toEqual(['promise']);
  });
});

describe('reminders over the demo dataset', () => {
  it('sends exactly the customers 7–59 days overdue once, one mail each with the open-items PDF; skips a pending promise and an itiraz; not again within the interval', async () => {
    const ctx = await h.mut.ctx();
    const at = new Date();
    await ctx.db.insert(contacts).values(
      h.erp.dataset.accounts.map((a) => ({
        accountId: a.id,
        to: [`muhasebe.${a.id}@musteri.example`],
        cc: [],
        person: 'Ayşe Yılmaz',
        updatedAt: at,
        updatedBy: 't',
      })),
    );
    const due = h.erp.dataset.accounts
      .map((a) => [a.id, handAging(h.erp, a.id, '2026-11-16')] as const)
      .filter(([, v]) => v && v.oldest >= 7 && v.oldest < 60)
      .map(([id]) => id);
    expect(due.length).toBeGreaterThan(3);
    // The pending promise and the dispute go to customers no earlier test paid (a payment there could keep the promise at once).
    const unpaid = due.filter((id) => !h.erp.dataset.accountById.get(id)!.lines.some((l) => l.documentNo.startsWith('TH-')));
    const [withPromise, withDispute] = unpaid;
    const rest = due.filter((id) => id !== withPromise && id !== withDispute);
    const cur = h.erp.dataset.accountById.get(withPromise!)!.currency ?? 'TL';
    expect((await h.api(`/api/tahsilat/accounts/${withPromise}/promises`, { json: { amount: '100', currency: cur, due: '2026-11-30' } })).status).toBe(201);
    expect((await h.api(`/api/tahsilat/accounts/${withDispute}/state`, { method: 'PUT', json: { version: 0, flags: ['itiraz'] } })).status).toBe(200);
    // A tahsilat address wins over the mutabakat one.
    expect((await h.api(`/api/tahsilat/accounts/${rest[0]}/address`, { method: 'PUT', json: { collectTo: ['tahsilat@musteri.example'] } })).status).toBe(200);
    const proposed = (await (await h.api('/api/tahsilat/reminders/propose', { json: {} })).json()) as {
      reminders: { id: string; accountId: string; state: string }[];
    };
    const emails = proposed.reminders.filter((p) => p.state === 'proposed');
    expect(new Set(emails.map((p) => p.accountId))).toEqual(new Set(rest));
    const sent = await h.api('/api/tahsilat/reminders/send', { json: { ids: emails.map((p) => p.id) } });
    expect(await sent.json()).toMatchObject({ queued: rest.length, skipped: [] });
    await h.drain();
    const mails = await inbox.waitFor(rest.length, 30_000);
    expect(mails).toHaveLength(rest.length);
    const to = mails.map((m) => (Array.isArray(m.to) ? m.to[0] : m.to)!.text);
    expect(new Set(to)).toEqual(new Set(rest.map((id, i) => (i === 0 ? 'tahsilat@musteri.example' : `muhasebe.${id}@musteri.example`))));
    expect(new Set(to).size).toBe(to.length);
    // Level 1 (7–29 days) polite, level 2 (30–59) firmer.
    const politeId = rest.slice(1).find((id) => handAging(h.erp, id, '2026-11-16')!.oldest < 30)!;
    const firmId = rest.slice(1).find((id) => handAging(h.erp, id, '2026-11-16')!.oldest >= 30)!;
    const mailOf = (id: string) => mails.find((m) => (Array.isArray(m.to) ? m.to[0] : m.to)!.text === `muhasebe.${id}@musteri.example`)!;
    expect(mailOf(firmId).subject).toBe('İkinci hatırlatma: vadesi geçmiş ödemeler — Örnek Dağıtım A.Ş.');
    const first = mailOf(politeId);
    expect(first.subject).toBe('Vadesi geçmiş ödemeleriniz hakkında — Örnek Dağıtım A.Ş.');
    expect(first.attachments[0]!.filename).toMatch(/^Açık kalemler - .+ - 16\.11\.2026\.pdf$/);
    expect(first.attachments[0]!.content.subarray(0, 5).toString()).toBe('%PDF-');
    const e = handAging(h.erp, politeId, '2026-11-16')!;
    const tr = (m: number) => (m / 100).toLocaleString('tr-TR', { minimumFractionDigits: 2 });
    expect(first.text).toContain(`${tr(e.overdue)} ${e.currency}`);
    // Again the same day, and the next day: nothing more (one a day; minimum interval 7 days).
    await h.api('/api/tahsilat/reminders/propose', { json: {} });
    h.clock.now = new Date('2026-11-17T09:00:00Z');
    const next = (await (await h.api('/api/tahsilat/reminders/propose', { json: {} })).json()) as { reminders: { accountId: string; state: string }[] };
    expect(next.reminders.filter((p) => p.state === 'proposed' && rest.includes(p.accountId))).toEqual([]);
    await h.drain();
    expect(inbox.mails).toHaveLength(rest.length);
  }, 120_000);
});
