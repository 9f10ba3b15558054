// @vitest shared-modules
import { afterEach, describe, expect, it } from 'vitest';
import { createDemoErp, ERP_ERROR_MESSAGE, parseFailSpec, type DemoErp } from './service';
import { startDemoErp, type RunningDemoErp } from './standalone';
import { SHAPES, type ShapeName } from './shapes';
import { SPECIAL_ACCOUNTS } from './dataset';

const PW = 'Gizli&Şifre+%1';
const BASE = 'http://erp.test';

function post(erp: DemoErp, op: string, params: Record<string, string>, opts: { password?: string | null; service?: string; signal?: AbortSignal } = {}) {
  const pw = opts.password === undefined ? PW : opts.password;
  const query = pw === null ? '' : `?password=${encodeURIComponent(pw)}`;
  return erp.fetch(
    new Request(`${BASE}/wex.cfm/${opts.service ?? 'mobiusmus'}/${op}${query}`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded; charset=UTF-8' },
      body: new URLSearchParams(params).toString(),
      signal: opts.signal,
    }),
  );
}

/** Raw body → JSON, checking the prefix the shape documents (bytes, so the BOM is visible). */
async function parse(res: Response, shape: ShapeName): Promise<unknown> {
  const bytes = new Uint8Array(await res.arrayBuffer());
  const text = new TextDecoder('utf-8', { ignoreBOM: true }).decode(bytes);
  if (shape.includes('cf-')) {
    expect(text).toMatch(/^(\uFEFF|\s)+\/\/|^\uFEFF\/\//);
    return JSON.parse(text.replace(/^\uFEFF?\s*\/\//, ''));
  }
  expect(text.startsWith('{') || text.startsWith('[')).toBe(true);
  return JSON.parse(text);
}

/** Rows of a documented shape, read by the test itself (not by our reader). */
function rowsOf(shape: ShapeName, json: unknown): Record<string, unknown>[] {
  const j = json as Record<string, unknown>;
  switch (shape) {
    case 'wex':
    case 'labels':
    case 'mobius':
      expect(Array.isArray(json)).toBe(true);
      return json as Record<string, unknown>[];
    case 'envelope':
      expect(j.status).toBe(true);
      expect(Array.isArray(j.data)).toBe(true);
      return j.data as Record<string, unknown>[];
    case 'cf-row':
    case 'envelope-cf-row': {
      const q = (shape === 'cf-row' ? j : (expect(j.STATUS).toBe(1), j.DATA)) as { COLUMNS: string[]; DATA: unknown[][] };
      expect(Array.isArray(q.COLUMNS) && Array.isArray(q.DATA)).toBe(true);
      return q.DATA.map((r) => Object.fromEntries(q.COLUMNS.map((c, i) => [c, r[i]])));
    }
    case 'cf-column':
    case 'envelope-cf-column': {
      const q = (shape === 'cf-column' ? j : (expect(j.STATUS).toBe(1), j.DATA)) as { ROWCOUNT: number; COLUMNS: string[]; DATA: Record<string, unknown[]> };
      expect(Object.keys(q.DATA)).toEqual(q.COLUMNS);
      for (const c of q.COLUMNS) expect(q.DATA[c]!.length).toBe(q.ROWCOUNT);
      return Array.from({ length: q.ROWCOUNT }, (_, i) => Object.fromEntries(q.COLUMNS.map((c) => [c, q.DATA[c]![i]])));
    }
  }
}

/** Test-local conversions of a kuruş amount (independent of the code under test). */
const trMoney = (minor: number) => (minor / 100).toLocaleString('tr-TR', { minimumFractionDigits: 2, maximumFractionDigits: 2 });
const enMoney = (minor: number) => (minor / 100).toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 });
const fold = (s: string) =>
  s.toLocaleLowerCase('tr-TR').replace(/ı/g, 'i').replace(/ğ/g, 'g').replace(/ş/g, 's').replace(/ç/g, 'c').replace(/ö/g, 'o').replace(/ü/g, 'u');
/** "1234.56" / 1234.56 → kuruş (one value, no float sums). */
const kurus = (v: unknown) => Math.round(Number(v) * 100);

describe('demo ERP: transport and errors', () => {
  const erp = createDemoErp({ apiPassword: PW });

  it('a wrong or missing API password gets 401 with an empty body', async () => {
    for (const password of ['wrong', '', null]) {
      const res = await post(erp, 'get_cari', { firma_ismi: '' }, { password });
      expect(res.status).toBe(401);
      expect(await res.text()).toBe('');
    }
    expect(erp.requests.at(-1)).toMatchObject({ operation: 'get_cari', passwordOk: false, status: 401 });
  });

  it('as wex.cfm: an unknown service is 404 "Wex not found or not registered!", an unknown or undeployed method 404 "Wex method not found!"', async () => {
    const r404 = await post(erp, 'get_cari', {}, { service: 'baska' });
    expect([r404.status, await r404.text()]).toEqual([404, 'Wex not found or not registered!']);
    const method = await post(erp, 'get_kasa', {});
    expect([method.status, await method.text()]).toEqual([404, 'Wex method not found!']);
    const partial = createDemoErp({ apiPassword: PW, undeployed: ['get_yaslandirma'] });
    const aging = await post(partial, 'get_yaslandirma', { firma_ismi: '' });
    expect([aging.status, await aging.text()]).toEqual([404, 'Wex method not found!']);
    expect((await post(partial, 'get_cari', { firma_ismi: 'İĞDIR' })).status).toBe(200);
  });

  it('records what it received: operation, params intact (Turkish letters, & % + " \'), no API password', async () => {
    const name = `Öz-Çağ "Yıldız" Gıda & Tic %100 A+ D'Ora`;
    await post(erp, 'get_cari', { firma_ismi: name });
    await post(erp, 'get_user', { user_name: 'demo', user_password: 'demo' });
    const [cari, user] = erp.requests.slice(-2);
    expect(cari).toMatchObject({ operation: 'get_cari', service: 'mobiusmus', params: { firma_ismi: name }, passwordOk: true, queryKeys: [] });
    expect(user!.params).toEqual({ user_name: 'demo', user_password: '***' });
    expect(JSON.stringify(erp.requests)).not.toContain(PW);
  });
});

describe('demo ERP: matching', () => {
  const erp = createDemoErp({ apiPassword: PW });
  const ds = erp.dataset;
  const cari = async (q: string) => (await (await post(erp, 'get_cari', { firma_ismi: q })).json()) as Array<{ COMPANY_ID: string; FULLNAME: string }>;

  it('firma_ismi is partial and case-insensitive with Turkish rules', async () => {
    const igdir = await cari('ığdır');
    expect(igdir.map((r) => r.COMPANY_ID)).toEqual(expect.arrayContaining([SPECIAL_ACCOUNTS.igdirUpper, SPECIAL_ACCOUNTS.igdirMixed]));
    for (const r of igdir) expect(fold(r.FULLNAME)).toContain('igdir');
    expect((await cari('İĞDIR')).length).toBe(igdir.length);
    const expected = ds.accounts.filter((a) => fold(a.name).includes('isparta')).map((a) => a.id);
    expect(expected).toContain(SPECIAL_ACCOUNTS.isparta);
    for (const q of ['ısparta', 'isparta', 'ISPARTA', ' Isparta ']) expect((await cari(q)).map((r) => r.COMPANY_ID)).toEqual(expected);
    expect((await cari('')).length).toBe(ds.accounts.length);
    expect(await cari('yokboylebirfirma')).toEqual([]);
  });

  it('names with quotes, &, %, + and apostrophes are found by their own text', async () => {
    expect((await cari('"Yıldız" Gıda &')).map((r) => r.COMPANY_ID)).toEqual([SPECIAL_ACCOUNTS.quoted]);
    expect((await cari('%100')).map((r) => r.COMPANY_ID)).toEqual([SPECIAL_ACCOUNTS.percent]);
    expect((await cari('a+ yapı')).map((r) => r.COMPANY_ID)).toEqual([SPECIAL_ACCOUNTS.plusCredit]);
    expect((await cari("d'ora")).map((r) => r.COMPANY_ID)).toEqual([SPECIAL_ACCOUNTS.apostropheZero]);
  });

  it('fatura_no: exact (any case) or trailing digits; firma_ismi narrows', async () => {
    const search = async (fatura_no: string, firma_ismi = '') =>
      ((await (await post(erp, 'get_fatura', { fatura_no, firma_ismi })).json()) as Array<{ INVOICE_NUMBER: string; FULLNAME: string }>).map(
        (r) => r.INVOICE_NUMBER,
      );
    const ending = ds.invoices.filter((i) => i.number.endsWith('417')).map((i) => i.number);
    expect(ending).toContain('SF2026000417');
    expect(await search('417')).toEqual(ending);
    expect(await search('SF2026000417')).toEqual(['SF2026000417']);
    expect(await search('sf2026000417')).toEqual(['SF2026000417']);
    expect(await search('SF2026')).toEqual([]);
    const inv = ds.invoices.find((i) => i.number === 'SF2026000417')!;
    expect(await search('417', inv.accountName.slice(0, 8).toLocaleLowerCase('tr-TR'))).toContain('SF2026000417');
    expect(await search('', 'yokboylebirfirma')).toEqual([]);
  });

  it('cari_id is exact: "457" is not "00457"', async () => {
    const extre = async (id: string) => (await (await post(erp, 'get_cari_extre', { cari_id: id })).json()) as unknown[];
    expect((await extre('00457')).length).toBe(ds.accountById.get('00457')!.lines.length);
    expect(await extre('457')).toEqual([]);
    expect(await extre(SPECIAL_ACCOUNTS.empty)).toEqual([]);
  });
});

describe('demo ERP: numbers agree across operations', () => {
  const erp = createDemoErp({ apiPassword: PW });
  const ds = erp.dataset;

  it('get_cari BAKIYE = Σ BORC − Σ ALACAK of get_cari_extre (summed in kuruş)', async () => {
    const accounts = (await (await post(erp, 'get_cari', { firma_ismi: '' })).json()) as Array<{ COMPANY_ID: string; BAKIYE: number }>;
    for (const a of accounts.slice(0, 60)) {
      const lines = (await (await post(erp, 'get_cari_extre', { cari_id: a.COMPANY_ID })).json()) as Array<{ BORC: number; ALACAK: number }>;
      const sum = lines.reduce((s, l) => s + kurus(l.BORC) - kurus(l.ALACAK), 0);
      expect(kurus(a.BAKIYE)).toBe(sum);
    }
    const trap = accounts.find((a) => a.COMPANY_ID === SPECIAL_ACCOUNTS.floatTrap)!;
    expect(trap.BAKIYE).toBe(4.6);
  });

  it('get_yaslandirma rows: buckets sum to TOPLAM = the balance; only accounts with a balance', async () => {
    const rows = (await (await post(erp, 'get_yaslandirma', { firma_ismi: '' })).json()) as Array<Record<string, number | string>>;
    const nonZero = ds.accounts.filter((a) => a.balance !== 0);
    expect(rows.length).toBe(nonZero.length);
    for (const r of rows) {
      const buckets = ['VADESI_GELMEMIS', '0_30_GUN', '31_60_GUN', '61_90_GUN', '91_120_GUN', '120_GUN_USTU'].reduce((s, k) => s + kurus(r[k]), 0);
      expect(buckets).toBe(kurus(r.TOPLAM));
      const lines = ds.accountById.get(String(r.COMPANY_ID))!.lines;
      expect(kurus(r.TOPLAM)).toBe(lines.reduce((s, l) => s + l.debit - l.credit, 0));
    }
    // the float-drift account: 4,60 of which the debits due 04.02–… are all more than 120 days overdue by 15.11.2026
    expect(rows.find((r) => r.COMPANY_ID === SPECIAL_ACCOUNTS.floatTrap)).toMatchObject({ '120_GUN_USTU': 4.6, TOPLAM: 4.6, VADESI_GELMEMIS: 0 });
  });

  it('get_fatura_det lines add up to the header and the statement line', async () => {
    const sample = ds.invoices.filter((i) => i.lines.length >= 3).slice(0, 25);
    expect(sample.length).toBe(25);
    for (const inv of sample) {
      const det = (await (await post(erp, 'get_fatura_det', { fatura_id: inv.id })).json()) as Record<string, unknown> & {
        LINES: Array<Record<string, number>>;
      };
      expect(det.INVOICE_NUMBER).toBe(inv.number);
      expect(det.LINES.length).toBe(inv.lines.length);
      let total = 0;
      for (const l of det.LINES) {
        expect(kurus(l.ROW_NETTOTAL) + kurus(l.ROW_TAXTOTAL)).toBe(kurus(l.ROW_TOTAL));
        total += kurus(l.ROW_TOTAL);
      }
      expect(kurus(det.GRANDTOTAL)).toBe(total);
      const extre = (await (await post(erp, 'get_cari_extre', { cari_id: inv.accountId })).json()) as Array<Record<string, string | number>>;
      const line = extre.find((l) => l.BELGE_NO === inv.number)!;
      expect(line.ACTION_DATE).toBe(inv.date);
      expect(kurus(line.BORC) + kurus(line.ALACAK)).toBe(total);
    }
    const missing = await post(erp, 'get_fatura_det', { fatura_id: '999999999' });
    expect(await missing.json()).toEqual([]);
  });
});

describe('demo ERP: every shape in its documented form', () => {
  const erp = createDemoErp({ apiPassword: PW });
  const acc = erp.dataset.accountById.get(SPECIAL_ACCOUNTS.igdirUpper)!;
  const keys: Record<ShapeName, { id: string; name: string; balance: string; date: string; debit: string }> = {
    wex: { id: 'COMPANY_ID', name: 'FULLNAME', balance: 'BAKIYE', date: 'ACTION_DATE', debit: 'BORC' },
    labels: { id: 'Firma ID', name: 'Firma Adı', balance: 'Bakiye', date: 'İşlem Tarihi', debit: 'Borç Tutarı' },
    envelope: { id: 'FIRMA_ID', name: 'FIRMA_ADI', balance: 'BAKIYE', date: 'ISLEM_TARIHI', debit: 'BORC_TUTARI' },
    'cf-row': { id: 'COMPANY_ID', name: 'FULLNAME', balance: 'BAKIYE', date: 'ACTION_DATE', debit: 'BORC' },
    'cf-column': { id: 'FIRMA_ID', name: 'FIRMA_ADI', balance: 'BAKIYE', date: 'ISLEM_TARIHI', debit: 'BORC_TUTARI' },
    'envelope-cf-row': { id: 'FIRMA_ID', name: 'FIRMA_ADI', balance: 'BAKIYE', date: 'ISLEM_TARIHI', debit: 'BORC_TUTARI' },
    'envelope-cf-column': { id: 'COMPANY_ID', name: 'FULLNAME', balance: 'BAKIYE', date: 'ACTION_DATE', debit: 'BORC' },
    mobius: { id: 'Firma ID', name: 'Firma Adı', balance: 'Bakiye', date: 'İşlem Tarihi', debit: 'Borç  Tutarı' },
  };
  // The float-drift account's first line is fixed by design: 05.01.2026, debit 0,10.
  const balanceText: Record<ShapeName, unknown> = {
    wex: acc.balance / 100,
    labels: trMoney(acc.balance),
    envelope: trMoney(acc.balance).replace(/\./g, ''),
    'cf-row': acc.balance / 100,
    'cf-column': acc.balance / 100,
    'envelope-cf-row': acc.balance / 100,
    'envelope-cf-column': enMoney(acc.balance),
    mobius: acc.balance / 100,
  };
  const firstDate: Record<ShapeName, unknown> = {
    wex: '2026-01-05',
    labels: '05.01.2026',
    envelope: '2026-01-05T00:00:00Z',
    'cf-row': 'January, 05 2026 00:00:00',
    'cf-column': 'January, 05 2026 00:00:00',
    'envelope-cf-row': 'January, 05 2026 00:00:00',
    'envelope-cf-column': "{ts '2026-01-05 00:00:00'}",
    mobius: 'January, 05 2026 00:00:00',
  };
  const firstDebit: Record<ShapeName, unknown> = {
    wex: 0.1,
    labels: '0,10',
    envelope: '0,10',
    'cf-row': 0.1,
    'cf-column': 0.1,
    'envelope-cf-row': 0.1,
    'envelope-cf-column': '0.10',
    mobius: 0.1,
  };

  it.each(SHAPES)('%s: accounts, statement, aging, invoices', async (shape) => {
    erp.settings.shape = shape;
    const k = keys[shape];
    const accounts = rowsOf(shape, await parse(await post(erp, 'get_cari', { firma_ismi: 'İĞDIR Tarım' }), shape));
    expect(accounts.length).toBe(1);
    expect(String(accounts[0]![k.id])).toBe(acc.id);
    expect(accounts[0]![k.name]).toBe(acc.name);
    expect(accounts[0]![k.balance]).toEqual(balanceText[shape]);
    expect(Object.keys(accounts[0]!).length).toBe(7); // the six documented fields + the currency (empty: a TL account)

    const lines = rowsOf(shape, await parse(await post(erp, 'get_cari_extre', { cari_id: SPECIAL_ACCOUNTS.floatTrap }), shape));
    expect(lines.length).toBe(40);
    expect(lines[0]![k.date]).toBe(firstDate[shape]);
    expect(lines[0]![k.debit]).toEqual(firstDebit[shape]);

    const aging = rowsOf(shape, await parse(await post(erp, 'get_yaslandirma', { firma_ismi: 'Kuruşçu' }), shape));
    expect(aging.length).toBe(1);
    expect(Object.keys(aging[0]!).length).toBe(9);

    const invoices = rowsOf(shape, await parse(await post(erp, 'get_fatura', { fatura_no: 'SF2026000417', firma_ismi: '' }), shape));
    expect(invoices.length).toBe(1);
    expect(Object.values(invoices[0]!)).toContain('SF2026000417');
  });

  // A USD account: its list row says USD; its statement lines carry the currency and the foreign amount.
  const usd = erp.dataset.accounts.find((a) => a.currency === 'USD' && a.lines.some((l) => l.currency === 'TL'))!;
  const currencyKeys: Record<ShapeName, { money: string; code: string; amount: string }> = {
    wex: { money: 'MONEY', code: 'OTHER_MONEY', amount: 'OTHER_CASH_ACT_VALUE' },
    labels: { money: 'Para Birimi', code: 'İşlem Dövizi', amount: 'Döviz Tutarı' },
    envelope: { money: 'PARA_BIRIMI', code: 'ISLEM_DOVIZI', amount: 'DOVIZ_TUTARI' },
    'cf-row': { money: 'MONEY', code: 'OTHER_MONEY', amount: 'OTHER_CASH_ACT_VALUE' },
    'cf-column': { money: 'PARA_BIRIMI', code: 'ISLEM_DOVIZI', amount: 'DOVIZ_TUTARI' },
    'envelope-cf-row': { money: 'PARA_BIRIMI', code: 'ISLEM_DOVIZI', amount: 'DOVIZ_TUTARI' },
    'envelope-cf-column': { money: 'MONEY', code: 'OTHER_MONEY', amount: 'OTHER_CASH_ACT_VALUE' },
    mobius: { money: 'PARA BİRİMİ', code: 'İŞLEM DÖVİZİ', amount: 'DÖVİZ TUTARI' },
  };
  /** The shape's money text of minor units, written by the test itself. */
  const moneyIn = (shape: ShapeName, minor: number): unknown =>
    shape === 'labels'
      ? trMoney(minor)
      : shape === 'envelope'
        ? trMoney(minor).replace(/\./g, '')
        : shape === 'envelope-cf-column'
          ? enMoney(minor)
          : minor / 100;

  it.each(SHAPES)('%s: a USD account — currency in the list, currency and foreign amount on every statement line', async (shape) => {
    erp.settings.shape = shape;
    const k = keys[shape];
    const ck = currencyKeys[shape];
    const [row] = rowsOf(shape, await parse(await post(erp, 'get_cari', { firma_ismi: usd.name }), shape));
    expect(row![ck.money]).toBe('USD');
    const lines = rowsOf(shape, await parse(await post(erp, 'get_cari_extre', { cari_id: usd.id }), shape));
    expect(lines.length).toBe(usd.lines.length);
    lines.forEach((l, i) => {
      const src = usd.lines[i]!;
      expect(l[ck.code]).toBe(shape === 'mobius' && src.currency === 'TL' ? 'YTL' : src.currency); // mobius: TL written YTL
      expect(l[ck.amount]).toEqual(moneyIn(shape, src.currencyAmount!));
      expect(l[k.debit]).toEqual(moneyIn(shape, src.debit)); // the TL amount stays beside it
    });
    const tlCode = shape === 'mobius' ? 'YTL' : 'TL';
    expect(lines.some((l) => l[ck.code] === tlCode) && lines.some((l) => l[ck.code] === 'USD')).toBe(true);
    // a TL account's statement has no currency columns at all
    const tl = rowsOf(shape, await parse(await post(erp, 'get_cari_extre', { cari_id: SPECIAL_ACCOUNTS.floatTrap }), shape));
    expect(Object.keys(tl[0]!)).not.toContain(ck.code);
  });

  it.each(SHAPES)('%s: invoice detail nested or flat, unknown invoice empty or a failure envelope', async (shape) => {
    erp.settings.shape = shape;
    const inv = erp.dataset.invoices.find((i) => i.lines.length === 3)!;
    const json = (await parse(await post(erp, 'get_fatura_det', { fatura_id: inv.id }), shape)) as Record<string, unknown>;
    if (shape === 'mobius') {
      // An array of the one header row, its lines nested under "Ürün".
      expect(Array.isArray(json) && (json as unknown[]).length).toBe(1);
      const obj = (json as unknown as Record<string, unknown>[])[0]!;
      expect(obj['Fatura No']).toBe(inv.number);
      expect((obj['Ürün'] as unknown[]).length).toBe(3);
    } else if (shape === 'wex' || shape === 'envelope') {
      const obj = (shape === 'wex' ? json : (expect(json.status).toBe(true), json.data)) as Record<string, unknown>;
      const nested = obj[shape === 'wex' ? 'LINES' : 'SATIRLAR'] as unknown[];
      expect(nested.length).toBe(3);
      expect(Object.values(obj)).toContain(inv.number);
    } else {
      const rows = rowsOf(shape, json);
      expect(rows.length).toBe(3);
      for (const r of rows) expect(Object.values(r)).toContain(inv.number); // header repeated on every row
    }
    const missing = (await parse(await post(erp, 'get_fatura_det', { fatura_id: 'nope' }), shape)) as Record<string, unknown>;
    if (shape === 'envelope') expect(missing).toEqual({ status: false, data: 'Fatura bulunamadı.' });
    else if (shape.startsWith('envelope-cf')) expect(missing).toEqual({ STATUS: 0, DATA: 'Fatura bulunamadı.' });
    else expect(rowsOf(shape, missing)).toEqual([]);
  });

  it.each(SHAPES)('%s: get_user success and failure as {status, data}', async (shape) => {
    erp.settings.shape = shape;
    const success = new Set([true, 1, '1', 'basarili', 'Başarılı', 'success', 'OK']);
    const ok = (await parse(await post(erp, 'get_user', { user_name: 'muhasebe', user_password: 'Mali2026!' }), shape)) as Record<string, unknown>;
    const status = ok.status ?? ok.STATUS;
    const data = (ok.data ?? ok.DATA) as Record<string, string>;
    expect(success.has(status as never)).toBe(true);
    expect(Object.values(data)).toEqual(expect.arrayContaining(['Ayşe', 'Yıldırım', 'muhasebe']));
    const bad = (await parse(await post(erp, 'get_user', { user_name: 'muhasebe', user_password: 'mali2026!' }), shape)) as Record<string, unknown>;
    expect(success.has((bad.status ?? bad.STATUS) as never)).toBe(false);
    expect(bad.data ?? bad.DATA).toBe('Kullanıcı adı veya şifre hatalı!');
  });
});

describe('demo ERP: fail modes', () => {
  const erp = createDemoErp({ apiPassword: PW, hangMs: 5_000 });
  afterEach(() => {
    erp.settings.fail = 'none';
    erp.release();
  });

  it('html500 / html200: a ColdFusion page that is not JSON; the password check still comes first', async () => {
    for (const [fail, status] of [
      ['html500', 500],
      ['html200', 200],
    ] as const) {
      erp.settings.fail = fail;
      const res = await post(erp, 'get_cari', { firma_ismi: '' });
      expect(res.status).toBe(status);
      const text = await res.text();
      expect(text).toContain('<html>');
      expect(() => JSON.parse(text)).toThrow();
      expect((await post(erp, 'get_cari', {}, { password: 'x' })).status).toBe(401);
    }
  });

  it('empty: 200 with no body', async () => {
    erp.settings.fail = 'empty';
    const res = await post(erp, 'get_user', { user_name: 'demo', user_password: 'demo' });
    expect(res.status).toBe(200);
    expect(await res.text()).toBe('');
  });

  it('hang: no answer until the request is aborted', async () => {
    erp.settings.fail = 'hang';
    const ctrl = new AbortController();
    let settled = false;
    const pending = post(erp, 'get_cari', {}, { signal: ctrl.signal }).then(() => (settled = true));
    await new Promise((r) => setTimeout(r, 150));
    expect(settled).toBe(false);
    ctrl.abort();
    await pending;
    expect(settled).toBe(true);
  });

  it('malformed-numbers: some numbers cannot be read, the rest are intact', async () => {
    erp.settings.fail = 'malformed-numbers';
    const rows = (await (await post(erp, 'get_cari', { firma_ismi: '' })).json()) as Array<{ BAKIYE: unknown }>;
    const bad = rows.filter((r) => typeof r.BAKIYE === 'string');
    expect(bad.length).toBe(Math.floor((rows.length + 2) / 4));
    for (const r of bad) expect(Number.isFinite(Number(r.BAKIYE)) && !String(r.BAKIYE).includes(',')).toBe(false);
    expect(rows.filter((r) => typeof r.BAKIYE === 'number').length).toBe(rows.length - bad.length);
  });
});

describe('demo ERP: a payment', () => {
  it('goes into that ERP’s statement and balance only: another ERP made with the same options, in the same process, still answers without it', async () => {
    const paying = createDemoErp({ apiPassword: PW, today: '2026-11-15' });
    const other = createDemoErp({ apiPassword: PW, today: '2026-11-15' });
    const id = '1003';
    const balance = async (erp: DemoErp) =>
      kurus(
        ((await (await post(erp, 'get_cari', { firma_ismi: '' })).json()) as Array<{ COMPANY_ID: string; BAKIYE: number }>).find((a) => a.COMPANY_ID === id)!
          .BAKIYE,
      );
    const lines = async (erp: DemoErp) => (await (await post(erp, 'get_cari_extre', { cari_id: id })).json()) as Array<{ BELGE_NO: string; ALACAK: number }>;
    const before = await balance(paying);
    const linesBefore = (await lines(paying)).length;
    expect(await balance(other)).toBe(before);
    // 1.234,56 TL paid on 15.11.2026: the balance falls by 123456 kuruş, one more line carries it.
    paying.addPayment({ accountId: id, date: '2026-11-15', amount: 123_456, documentNo: 'TH-Ödeme&1' });
    expect(await balance(paying)).toBe(before - 123_456);
    const paid = (await lines(paying)).filter((l) => l.BELGE_NO === 'TH-Ödeme&1');
    expect(paid.map((l) => kurus(l.ALACAK))).toEqual([123_456]);
    expect((await lines(paying)).length).toBe(linesBefore + 1);
    expect(await balance(other)).toBe(before);
    expect((await lines(other)).length).toBe(linesBefore);
    expect(createDemoErp({ apiPassword: PW, today: '2026-11-15' }).dataset.accountById.get(id)!.lines).toHaveLength(linesBefore);
  });
});

describe('demo ERP: a dataset of its own (shared: false)', () => {
  it('answers with the same data as the shared one, from a dataset that is not the process’s (so it is let go with the ERP)', async () => {
    const shared = createDemoErp({ apiPassword: PW });
    const own = createDemoErp({ apiPassword: PW, shared: false });
    expect(createDemoErp({ apiPassword: PW }).dataset).toBe(shared.dataset);
    expect(own.dataset).not.toBe(shared.dataset);
    const body = async (erp: DemoErp, op: string, params: Record<string, string>) => (await post(erp, op, params)).text();
    expect(await body(own, 'get_cari_extre', { cari_id: '1003' })).toBe(await body(shared, 'get_cari_extre', { cari_id: '1003' }));
    expect(await body(own, 'get_cari', { firma_ismi: '' })).toBe(await body(shared, 'get_cari', { firma_ismi: '' }));
  });
});

describe('demo ERP: rendered answers kept (memo)', () => {
  it('a kept answer is the very answer rendered anew: per operation, parameters and shape; spoiled numbers are never kept', async () => {
    const kept = createDemoErp({ apiPassword: PW });
    const fresh = createDemoErp({ apiPassword: PW, memo: false });
    const text = async (erp: DemoErp, op: string, params: Record<string, string>) => (await post(erp, op, params)).text();
    for (const shape of ['wex', 'cf-row', 'labels'] as const) {
      kept.settings.shape = shape;
      fresh.settings.shape = shape;
      for (const [op, params] of [
        ['get_cari', { firma_ismi: '' }],
        ['get_cari', { firma_ismi: 'yıldız' }],
        ['get_cari_extre', { cari_id: '1000' }],
        ['get_cari_extre', { cari_id: '1003' }],
      ] as const) {
        const expected = await text(fresh, op, params);
        expect(await text(kept, op, params)).toBe(expected);
        expect(await text(kept, op, params)).toBe(expected); // the kept one, the second time
      }
    }
    kept.settings.shape = fresh.settings.shape = 'wex';
    kept.settings.fail = fresh.settings.fail = 'malformed-numbers';
    const spoiled = await text(fresh, 'get_cari', { firma_ismi: '' });
    expect(await text(kept, 'get_cari', { firma_ismi: '' })).toBe(spoiled);
    kept.settings.fail = fresh.settings.fail = 'none';
    const clean = await text(kept, 'get_cari', { firma_ismi: '' });
    expect(clean).not.toBe(spoiled);
    expect(clean).toBe(await text(fresh, 'get_cari', { firma_ismi: '' }));
  });
});

describe('demo ERP: fail rules per operation and per parameter', () => {
  const erp = createDemoErp({ apiPassword: PW });
  afterEach(() => {
    erp.settings.fail = 'none';
    erp.settings.failRules = [];
    erp.settings.shape = 'wex';
  });

  it('fails only get_cari with firma_ismi = the given value (Turkish-folded), everything else answers', async () => {
    erp.settings.failRules = [{ operation: 'get_cari', param: 'firma_ismi', value: 'ığdır', mode: 'html500' }];
    expect((await post(erp, 'get_cari', { firma_ismi: 'İĞDIR' })).status).toBe(500);
    expect((await post(erp, 'get_cari', { firma_ismi: ' Iğdır ' })).status).toBe(500);
    const other = await post(erp, 'get_cari', { firma_ismi: 'Isparta' });
    expect(other.status).toBe(200);
    expect(((await other.json()) as unknown[]).length).toBeGreaterThan(0);
    expect((await post(erp, 'get_cari', { firma_ismi: '' })).status).toBe(200);
    expect((await post(erp, 'get_yaslandirma', { firma_ismi: 'ığdır' })).status).toBe(200);
  });

  it('fails only one operation; the first matching rule wins over the global mode', async () => {
    erp.settings.failRules = [{ operation: 'get_fatura_det', mode: 'empty' }];
    const det = await post(erp, 'get_fatura_det', { fatura_id: erp.dataset.invoices[0]!.id });
    expect(det.status).toBe(200);
    expect(await det.text()).toBe('');
    expect(((await (await post(erp, 'get_fatura', { fatura_no: 'SF2026000417', firma_ismi: '' })).json()) as unknown[]).length).toBe(1);
    erp.settings.fail = 'html500';
    erp.settings.failRules = [{ operation: 'get_user', mode: 'none' }];
    expect((await post(erp, 'get_user', { user_name: 'demo', user_password: 'demo' })).status).toBe(200);
    expect((await post(erp, 'get_cari', {})).status).toBe(500);
  });

  it.each(SHAPES)("%s: erp-error answers a failure envelope carrying the ERP's own Turkish message", async (shape) => {
    erp.settings.shape = shape;
    erp.settings.failRules = [{ operation: 'get_cari_extre', mode: 'erp-error' }];
    const json = (await parse(await post(erp, 'get_cari_extre', { cari_id: '1001' }), shape)) as Record<string, unknown>;
    expect(json.data ?? json.DATA).toBe(ERP_ERROR_MESSAGE);
    expect([true, 1, '1', 'basarili', 'success', 'OK', 'Başarılı']).not.toContain(json.status ?? json.STATUS);
  });

  it('parseFailSpec: DEMO_ERP_FAIL text → global mode + rules; bad entries are named', () => {
    expect(parseFailSpec('')).toEqual({ fail: 'none', failRules: [] });
    expect(parseFailSpec('html500')).toEqual({ fail: 'html500', failRules: [] });
    expect(parseFailSpec(' get_cari?firma_ismi=Öz-Çağ "Yıldız": erp-error ; get_fatura_det:hang; empty')).toEqual({
      fail: 'empty',
      failRules: [
        { operation: 'get_cari', param: 'firma_ismi', value: 'Öz-Çağ "Yıldız"', mode: 'erp-error' },
        { operation: 'get_fatura_det', mode: 'hang' },
      ],
    });
    expect(parseFailSpec('get_cari?firma_ismi=:html200').failRules).toEqual([{ operation: 'get_cari', param: 'firma_ismi', value: '', mode: 'html200' }]);
    expect(() => parseFailSpec('get_kasa:html500')).toThrow(/get_kasa/);
    expect(() => parseFailSpec('get_cari:explode')).toThrow(/explode/);
    expect(() => parseFailSpec('boom')).toThrow(/boom/);
  });
});

describe('standalone demo ERP (HTTP on 127.0.0.1)', () => {
  let running: RunningDemoErp | undefined;
  afterEach(async () => {
    await running?.close();
    running = undefined;
  });

  it('serves form posts, exposes /__demo/settings, and closes with a hanging request open', async () => {
    running = await startDemoErp({ apiPassword: PW, port: 0 });
    expect(running.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
    const call = (op: string, body: string, signal?: AbortSignal) =>
      fetch(`${running!.url}/wex.cfm/mobiusmus/${op}?password=${encodeURIComponent(PW)}`, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded; charset=UTF-8' },
        body,
        signal,
      });
    const res = await call('get_cari', 'firma_ismi=%C4%B1%C4%9Fd%C4%B1r'); // "ığdır"
    expect(res.status).toBe(200);
    const ids = ((await res.json()) as Array<{ COMPANY_ID: string }>).map((r) => r.COMPANY_ID);
    expect(ids).toEqual(expect.arrayContaining([SPECIAL_ACCOUNTS.igdirUpper, SPECIAL_ACCOUNTS.igdirMixed]));

    const settings = async (body?: unknown) =>
      fetch(
        `${running!.url}/__demo/settings`,
        body === undefined ? {} : { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) },
      );
    expect(await (await settings()).json()).toMatchObject({ shape: 'wex', fail: 'none', size: 'normal', today: '2026-11-15' });
    expect((await settings({ shape: 'xml' })).status).toBe(400);
    expect(await (await settings({ shape: 'cf-row', fail: 'html500' })).json()).toMatchObject({ shape: 'cf-row', fail: 'html500' });
    expect((await call('get_cari', '')).status).toBe(500);
    await settings({ fail: 'none' });
    expect(await (await call('get_cari', 'firma_ismi=K%C3%BCr')).text()).toMatch(/^\uFEFF?\/\/\{"COLUMNS"/);

    // fail rules: only get_fatura_det, then cleared; a bad rule is refused
    expect((await settings({ failRules: [{ operation: 'get_fatura_det', mode: 'boom' }] })).status).toBe(400);
    expect(await (await settings({ failRules: [{ operation: 'get_fatura_det', mode: 'html500' }] })).json()).toMatchObject({
      failRules: [{ operation: 'get_fatura_det', mode: 'html500' }],
    });
    expect((await call('get_fatura_det', 'fatura_id=1')).status).toBe(500);
    expect((await call('get_cari', '')).status).toBe(200);
    await settings({ failRules: [] });
    expect((await call('get_fatura_det', 'fatura_id=1')).status).toBe(200);

    await settings({ fail: 'hang' });
    const ctrl = new AbortController();
    const hanging = call('get_cari', '', ctrl.signal).catch((e: unknown) => e);
    await new Promise((r) => setTimeout(r, 200));
    ctrl.abort();
    expect(await hanging).toBeInstanceOf(Error);
    // the server-side request ends once the client has gone
    await expect.poll(() => running!.erp.requests.at(-1)?.status, { timeout: 3000 }).toBe(200);
  });

  it('cut: half of the answer arrives, then the connection drops (the client sees an error, never a clean end)', async () => {
    running = await startDemoErp({ apiPassword: PW, port: 0, failRules: [{ operation: 'get_fatura', mode: 'cut' }] });
    const fullBytes = new TextEncoder().encode(await (await post(createDemoErp({ apiPassword: PW }), 'get_fatura', {})).text()).byteLength;
    // Called in-process (no socket to drop): the body stream fails.
    const direct = await post(running.erp, 'get_fatura', {});
    expect(direct.status).toBe(200);
    await expect(direct.text()).rejects.toThrow(/connection dropped/);
    const res = await fetch(`${running.url}/wex.cfm/mobiusmus/get_fatura?password=${encodeURIComponent(PW)}`, { method: 'POST', body: '' });
    expect(res.status).toBe(200);
    const reader = res.body!.getReader();
    let received = 0;
    const ended = await (async () => {
      for (;;) {
        const { done, value } = await reader.read();
        if (done) return 'clean end';
        received += value.byteLength;
      }
    })().catch((e: unknown) => e);
    expect(ended).toBeInstanceOf(Error);
    expect(received).toBe(Math.floor(fullBytes / 2));
  });
});

describe('demo ERP: the mobius shape, in the vendor’s labels and ColdFusion’s value forms', () => {
  const erp = createDemoErp({ apiPassword: PW, shape: 'mobius' });
  const text = async (op: string, params: Record<string, string>) => {
    const res = await post(erp, op, params);
    expect(res.headers.get('content-type')).toBe('application/json; charset=utf-8');
    return res.text();
  };

  it('documented labels as sent ("Borç  Tutarı" with two spaces), other keys upper-cased in a Turkish locale, floats with ".0", English month dates', async () => {
    const extre = await text('get_cari_extre', { cari_id: SPECIAL_ACCOUNTS.floatTrap });
    // The float-drift account's first line: 05.01.2026, debit 0,10, no credit (0.0).
    expect(extre.startsWith('[{"İşlem Tarihi":"January, 05 2026 00:00:00","Vade Tarihi":')).toBe(true);
    expect(extre).toContain('"Borç  Tutarı":0.1,"Alacak Tutarı":0.0,"BELGE NO":');
    expect(extre).toContain('"AÇIKLAMA":');
    const aging = JSON.parse(await text('get_yaslandirma', { firma_ismi: 'Kuruşçu' })) as Record<string, unknown>[];
    expect(Object.keys(aging[0]!)).toEqual([
      'FİRMA ID',
      'FİRMA ADI',
      'VADESİ GELMEMİŞ',
      '0-30 GÜN',
      '31-60 GÜN',
      '61-90 GÜN',
      '91-120 GÜN',
      '120 GÜN ÜSTÜ',
      'TOPLAM',
    ]);
  });

  it('an id with leading zeros goes out as a number (00457 → 457), and asking for 457 finds it, as ColdFusion compares', async () => {
    const list = JSON.parse(await text('get_cari', { firma_ismi: 'Şimşek Hırdavat' })) as Record<string, unknown>[];
    expect(list.map((a) => a['Firma ID'])).toEqual([457]);
    const acc = erp.dataset.accountById.get(SPECIAL_ACCOUNTS.leadingZero)!;
    const lines = JSON.parse(await text('get_cari_extre', { cari_id: '457' })) as unknown[];
    expect(lines.length).toBe(acc.lines.length);
    expect(lines.length).toBeGreaterThan(0);
  });

  it('get_fatura: the seven documented fields; get_fatura_det: unit prices with four decimals, TL written YTL; an unknown invoice is []', async () => {
    const inv = erp.dataset.invoices.find((i) => i.number === 'SF2026000417')!;
    const [row] = JSON.parse(await text('get_fatura', { fatura_no: inv.number, firma_ismi: '' })) as Record<string, unknown>[];
    expect(Object.keys(row!).filter((k) => k !== k.toLocaleUpperCase('tr-TR'))).toEqual([
      'Fatura ID',
      'Fatura No',
      'Cari',
      'Fatura Tarihi',
      'Kdv Hariç Tutar',
      'Kdv Dahil Tutar',
      'Toplam Tutar',
    ]);
    expect(row!['Kdv Dahil Tutar']).toBe(inv.total / 100);
    const det = await text('get_fatura_det', { fatura_id: inv.id });
    const first = inv.lines[0]!;
    const four = `${trMoney(first.unitPrice)}00`; // 412,19 → "412,1900"
    expect(det).toContain(`"Birim Fiyat":"${four}"`);
    expect(det).toContain('"Para Birimi":"YTL"');
    expect(await text('get_fatura_det', { fatura_id: '999999999' })).toBe('[]');
  });
});
