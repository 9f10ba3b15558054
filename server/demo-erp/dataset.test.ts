// @vitest shared-modules long
import { describe, expect, it } from 'vitest';
import { agingOf, generateDataset, getDataset, LARGE_STATEMENT_ACCOUNT_ID, SPECIAL_ACCOUNTS, type DemoAccount, type DemoStatementLine } from './dataset';

const ds = getDataset();

/** Test-local Turkish fold (independent of src/domain/turkish). */
const fold = (s: string) =>
  s.toLocaleLowerCase('tr-TR').replace(/ı/g, 'i').replace(/ğ/g, 'g').replace(/ş/g, 's').replace(/ç/g, 'c').replace(/ö/g, 'o').replace(/ü/g, 'u');

describe('demo dataset (normal size)', () => {
  it('is deterministic: the same seed gives the same data, another seed different data', () => {
    const again = generateDataset();
    expect(JSON.stringify(again.accounts)).toBe(JSON.stringify(ds.accounts));
    expect(JSON.stringify(again.invoices)).toBe(JSON.stringify(ds.invoices));
    const other = generateDataset({ seed: 7 });
    expect(JSON.stringify(other.accounts.slice(20, 40))).not.toBe(JSON.stringify(ds.accounts.slice(20, 40)));
  });

  it('has ≥300 realistic accounts with unique string ids and names', () => {
    expect(ds.accounts.length).toBeGreaterThanOrEqual(300);
    expect(new Set(ds.accounts.map((a) => a.id)).size).toBe(ds.accounts.length);
    expect(new Set(ds.accounts.map((a) => a.name)).size).toBe(ds.accounts.length);
    expect(new Set(ds.accounts.map((a) => a.category))).toEqual(new Set(['Müşteri', 'Tedarikçi', 'Bayi']));
    for (const a of ds.accounts) expect(a.id).toMatch(/^\d+$/);
    expect(ds.accounts.filter((a) => a.id.startsWith('0')).length).toBeGreaterThanOrEqual(3);
    const names = ds.accounts.map((a) => a.name);
    for (const ch of ['&', '%', '+', '"', "'"]) expect(names.some((n) => n.includes(ch))).toBe(true);
    expect(names).toContain('Öz-Çağ "Yıldız" Gıda & Tic. Ltd. Şti.');
    expect(names.filter((n) => /(A\.Ş\.|Ltd\. Şti\.)$/.test(n)).length).toBeGreaterThan(ds.accounts.length / 2);
    const provinces = new Set(ds.accounts.map((a) => a.province));
    for (const p of ['İĞDIR', 'Iğdır', 'ISPARTA', 'Isparta', 'İstanbul', 'Ankara', 'İzmir']) expect(provinces).toContain(p);
    const places = ds.accounts.map((a) => `${a.province}/${a.district}`);
    for (const p of ['İstanbul/Kadıköy', 'Ankara/Çankaya', 'İzmir/Karşıyaka']) expect(places).toContain(p);
  });

  it('balance = Σdebit − Σcredit of the raw lines, for every account; all amounts are integer kuruş', () => {
    for (const a of ds.accounts) {
      let debit = 0;
      let credit = 0;
      for (const l of a.lines) {
        expect(Number.isInteger(l.debit) && Number.isInteger(l.credit)).toBe(true);
        expect(l.debit >= 0 && l.credit >= 0 && (l.debit === 0 || l.credit === 0)).toBe(true);
        debit += l.debit;
        credit += l.credit;
      }
      expect(a.balance).toBe(debit - credit);
    }
    const balances = ds.accounts.map((a) => a.balance);
    expect(balances.filter((b) => b > 0).length).toBeGreaterThan(50);
    expect(balances.filter((b) => b < 0).length).toBeGreaterThan(10);
    expect(balances.filter((b) => b === 0).length).toBeGreaterThan(5);
  });

  it('statement lines are dated 2025-01-01 … today, sorted, with the documented types', () => {
    const types = new Set<string>();
    for (const a of ds.accounts) {
      for (let i = 0; i < a.lines.length; i++) {
        const l = a.lines[i]!;
        types.add(l.type);
        expect(l.date >= '2025-01-01' && l.date <= ds.today).toBe(true);
        if (i > 0) expect(a.lines[i - 1]!.date <= l.date).toBe(true);
        if (l.dueDate) expect(l.dueDate >= l.date).toBe(true);
      }
    }
    expect(types).toEqual(
      new Set(['Açılış Fişi', 'Satış Faturası', 'Alış Faturası', 'Satış İade Faturası', 'Alış İade Faturası', 'Tahsilat', 'Ödeme', 'Virman']),
    );
  });

  it('the float-drift account: 25×0,10 + 12×0,20 − 3×0,10 = 4,60 exactly', () => {
    const a = ds.accountById.get(SPECIAL_ACCOUNTS.floatTrap)!;
    expect(a.lines.length).toBe(40);
    expect(a.lines.filter((l) => l.debit === 10).length).toBe(25);
    expect(a.lines.filter((l) => l.debit === 20).length).toBe(12);
    expect(a.lines.filter((l) => l.credit === 10).length).toBe(3);
    expect(a.balance).toBe(460);
    // The trap is real: summing the displayed decimals as floats does not give 4.6.
    const floatSum = a.lines.reduce((s, l) => s + l.debit / 100 - l.credit / 100, 0);
    expect(floatSum).not.toBe(4.6);
  });

  it('special accounts keep their traits', () => {
    const get = (id: string) => ds.accountById.get(id)!;
    expect(get(SPECIAL_ACCOUNTS.plusCredit).category).toBe('Müşteri');
    expect(get(SPECIAL_ACCOUNTS.plusCredit).balance).toBeLessThan(0);
    expect(get(SPECIAL_ACCOUNTS.apostropheZero).balance).toBe(0);
    expect(get(SPECIAL_ACCOUNTS.apostropheZero).lines.length).toBeGreaterThan(3);
    expect(get(SPECIAL_ACCOUNTS.empty).lines).toEqual([]);
    expect(get(SPECIAL_ACCOUNTS.supplier).category).toBe('Tedarikçi');
    expect(get(SPECIAL_ACCOUNTS.supplier).lines.some((l) => l.type === 'Alış Faturası')).toBe(true);
    expect(get(SPECIAL_ACCOUNTS.leadingZero).id).toBe('00457');
    expect(get(SPECIAL_ACCOUNTS.igdirUpper)).toMatchObject({ name: 'İĞDIR Tarım Ürünleri San. ve Tic. Ltd. Şti.', province: 'İĞDIR' });
  });
});

describe('demo invoices', () => {
  it('have Workcube-like unique numbers and ids', () => {
    expect(ds.invoices.length).toBeGreaterThan(1000);
    expect(new Set(ds.invoices.map((i) => i.number)).size).toBe(ds.invoices.length);
    expect(new Set(ds.invoices.map((i) => i.id)).size).toBe(ds.invoices.length);
    for (const i of ds.invoices) expect(i.number).toMatch(/^[A-Z]{2,3}(2025|2026)\d{6}$/);
    expect(ds.invoices.map((i) => i.number)).toContain('SF2026000417');
  });

  it('line net = qty × price rounded half-up to the kuruş, VAT half-up, totals add up', () => {
    for (const inv of ds.invoices) {
      expect(inv.lines.length).toBeGreaterThan(0);
      let net = 0n;
      let vat = 0n;
      for (const l of inv.lines) {
        // exact: quantity (thousandths) × price (kuruş) = net × 1000 ± half a kuruş, ties up
        const exact = BigInt(l.quantityMilli) * BigInt(l.unitPrice);
        const diff = BigInt(l.net) * 1000n - exact;
        expect(diff > -500n && diff <= 500n).toBe(true);
        expect([1, 10, 20]).toContain(l.vatRate);
        const vdiff = BigInt(l.vat) * 100n - BigInt(l.net) * BigInt(l.vatRate);
        expect(vdiff > -50n && vdiff <= 50n).toBe(true);
        expect(l.total).toBe(l.net + l.vat);
        net += BigInt(l.net);
        vat += BigInt(l.vat);
      }
      expect(BigInt(inv.net)).toBe(net);
      expect(BigInt(inv.vat)).toBe(vat);
      expect(BigInt(inv.total)).toBe(net + vat);
      expect(inv.dueDate > inv.date).toBe(true);
    }
  });

  it('each invoice appears exactly once in its account statement with the same number, date and total', () => {
    const seen = new Map<string, DemoStatementLine>();
    for (const a of ds.accounts) for (const l of a.lines) if (l.type.includes('Fatura')) seen.set(l.documentNo, l);
    expect(seen.size).toBe(ds.invoices.length);
    for (const inv of ds.invoices) {
      const line = seen.get(inv.number)!;
      expect(line).toBeDefined();
      expect(line.date).toBe(inv.date);
      expect(line.dueDate).toBe(inv.dueDate);
      expect(line.type).toBe(inv.kind);
      expect(line.debit + line.credit).toBe(inv.total);
      expect(line.invoiceId).toBe(inv.id);
      expect(ds.accountById.get(inv.accountId)!.lines).toContain(line);
    }
  });
});

describe('aging (FIFO, against today)', () => {
  const L = (date: string, due: string | null, debit: number, credit: number): DemoStatementLine => ({
    date,
    dueDate: due,
    type: debit ? 'Satış Faturası' : 'Tahsilat',
    debit,
    credit,
    documentNo: '',
    description: '',
  });
  const today = '2026-11-15';

  it('applies credits to the oldest due debits first (hand-computed)', () => {
    const r = agingOf(
      [
        L('2025-12-01', '2026-01-01', 100_00, 0),
        L('2026-08-01', '2026-10-01', 200_00, 0),
        L('2026-11-01', '2026-12-01', 300_00, 0),
        L('2026-11-02', '2026-11-02', 0, 150_00),
      ],
      today,
    );
    // 150 pays the 100 (due 01.01) and 50 of the 200 (due 01.10, 45 days overdue) → 150 in 31-60, 300 not due
    expect(r.buckets).toEqual({ notDue: 300_00, d0_30: 0, d31_60: 150_00, d61_90: 0, d91_120: 0, d120plus: 0 });
    expect(r.total).toBe(450_00);
  });

  it('a credit balance ages the open credits as negative amounts', () => {
    const r = agingOf([L('2026-11-01', '2026-11-01', 0, 500_00), L('2026-11-03', '2026-12-03', 100_00, 0)], today);
    expect(r.buckets).toEqual({ notDue: 0, d0_30: -400_00, d31_60: 0, d61_90: 0, d91_120: 0, d120plus: 0 });
  });

  it('bucket edges: due today not due; 30 days → 0-30; 31 → 31-60; 120 → 91-120; 121 → 120+; no due date → the line date', () => {
    const r = agingOf(
      [
        L('2026-11-15', '2026-11-15', 1, 0),
        L('2026-10-16', '2026-10-16', 2, 0),
        L('2026-10-15', '2026-10-15', 4, 0),
        L('2026-07-18', '2026-07-18', 8, 0),
        L('2026-07-17', null, 16, 0),
      ],
      today,
    );
    expect(r.buckets).toEqual({ notDue: 1, d0_30: 2, d31_60: 4, d61_90: 0, d91_120: 8, d120plus: 16 });
  });

  it('buckets sum to the balance for every account', () => {
    for (const a of ds.accounts) {
      const { buckets, total } = agingOf(a.lines, ds.today);
      expect(Object.values(buckets).reduce((s, v) => s + v, 0)).toBe(a.balance);
      expect(total).toBe(a.balance);
      for (const v of Object.values(buckets)) expect(a.balance >= 0 ? v >= 0 : v <= 0).toBe(true);
    }
    // and the data has overdue items in every bucket somewhere
    const all = ds.accounts.map((a) => agingOf(a.lines, ds.today).buckets);
    for (const k of ['notDue', 'd0_30', 'd31_60', 'd61_90', 'd91_120', 'd120plus'] as const) expect(all.some((b) => b[k] !== 0)).toBe(true);
  });
});

describe('partial Turkish name matching helpers in the data', () => {
  it('has names that only a Turkish fold connects (İĞDIR / Iğdır, ISPARTA / Isparta)', () => {
    const igdir = ds.accounts.filter((a) => fold(a.name).includes('igdir')).map((a) => a.id);
    expect(igdir).toEqual(expect.arrayContaining([SPECIAL_ACCOUNTS.igdirUpper, SPECIAL_ACCOUNTS.igdirMixed]));
  });
});

/** Foreign-currency accounts of a dataset (the test finds them by their lines, not by the account flag). */
const foreignAccounts = (accounts: readonly DemoAccount[]) => accounts.filter((a) => a.lines.some((l) => l.currency && l.currency !== 'TL'));

describe('foreign-currency (USD / EUR) accounts', () => {
  const foreign = foreignAccounts(ds.accounts);

  it('a handful of the 330: USD and EUR, customers and suppliers, special accounts untouched', () => {
    expect(ds.accounts.length).toBe(330);
    expect(foreign.length).toBe(5);
    expect(foreign.filter((a) => a.currency === 'USD').length).toBe(3);
    expect(foreign.filter((a) => a.currency === 'EUR').length).toBe(2);
    expect(foreign.some((a) => a.category === 'Tedarikçi')).toBe(true);
    expect(foreign.some((a) => a.category !== 'Tedarikçi')).toBe(true);
    const specialIds: string[] = Object.values(SPECIAL_ACCOUNTS);
    for (const a of foreign) expect(specialIds).not.toContain(a.id);
    // every other account has no currency on any line (its statement has no currency columns)
    for (const a of ds.accounts) if (!foreign.includes(a)) expect(a.currency === undefined && a.lines.every((l) => l.currency === undefined)).toBe(true);
  });

  it('every line says its currency; foreign amounts are the TL amount at a plausible rate, exact minor units', () => {
    for (const a of foreign) {
      expect(a.lines.length).toBeGreaterThanOrEqual(8);
      for (const l of a.lines) {
        expect(l.currency === 'TL' || l.currency === a.currency).toBe(true);
        expect(Number.isInteger(l.currencyAmount)).toBe(true);
        const tl = l.debit + l.credit;
        if (l.currency === 'TL') expect(l.currencyAmount).toBe(tl);
        else {
          // 1 USD between 30 and 50 TL, 1 EUR between 32 and 56 TL in 2025–2026
          const rate = tl / l.currencyAmount!;
          if (tl > 100_00) expect(rate > 30 && rate < (a.currency === 'USD' ? 50 : 56)).toBe(true);
        }
      }
    }
  });

  it('the foreign balance is the signed sum of the foreign lines only (TL lines never added in)', () => {
    for (const a of foreign) {
      let usdOrEur = 0;
      for (const l of a.lines) if (l.currency === a.currency) usdOrEur += l.debit > 0 ? l.currencyAmount! : -l.currencyAmount!;
      expect(a.currencyBalance).toBe(usdOrEur);
      // customer: owes in its currency; supplier: we owe
      expect(a.category === 'Tedarikçi' ? usdOrEur < 0 : usdOrEur > 0).toBe(true);
    }
    // at least one account holds two currencies (a TL opening or virman next to its USD/EUR lines)
    expect(foreign.some((a) => a.lines.some((l) => l.currency === 'TL'))).toBe(true);
  });

  it('is deterministic', () => {
    const again = generateDataset();
    expect(JSON.stringify(foreignAccounts(again.accounts))).toBe(JSON.stringify(foreign));
  });
});

describe('large size', () => {
  it('100,000 accounts, 20,000 invoices, 50,000 lines on the documented account; generated fast', { timeout: 60_000 }, () => {
    const t0 = performance.now();
    const big = generateDataset({ size: 'large' });
    const ms = Math.round(performance.now() - t0);
    console.info(`demo ERP large dataset generated in ${ms} ms`);
    expect(big.accounts.length).toBe(100_000);
    expect(new Set(big.accounts.map((a) => a.id)).size).toBe(100_000);
    expect(big.invoices.length).toBe(20_000);
    const acc = big.accountById.get(LARGE_STATEMENT_ACCOUNT_ID)!;
    expect(acc.lines.length).toBe(50_000);
    let sum = 0;
    for (const l of acc.lines) sum += l.debit - l.credit;
    expect(acc.balance).toBe(sum);
    expect(ms).toBeLessThan(15_000); // sanity bound only; the target (< 5 s) is measured and reported
    // special accounts are the same in both sizes
    expect(big.accountById.get(SPECIAL_ACCOUNTS.floatTrap)!.balance).toBe(460);
    expect(big.accountById.get(SPECIAL_ACCOUNTS.quoted)!.balance).toBe(ds.accountById.get(SPECIAL_ACCOUNTS.quoted)!.balance);
    expect(foreignAccounts(big.accounts).length).toBe(5);
  });
});
