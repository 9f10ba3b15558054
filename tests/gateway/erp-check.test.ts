// @vitest shared-modules waits
/**
 * `npm run erp:check` (server/erp-check.ts) against the demo ERP in every answer shape, and against
 * answers it cannot fully understand. Expected figures are worked out here from the demo dataset
 * with this file's own tr-TR formatting.
 */
import { execFile } from 'node:child_process';
import { createDemoErp, SHAPES, startDemoErp, type DemoErpOptions } from '../../server/demo-erp/index';
import { runErpCheck, type ErpCheckOptions } from '../../server/erp-check';
import { nodeArgsFor } from '../harness/built-entry';

const API = 'Gizli-Api-Sifre-42&%';
const trMoney = (minor: number) =>
  `${minor < 0 ? '-' : ''}${String(Math.trunc(Math.abs(minor) / 100)).replace(/\B(?=(\d{3})+(?!\d))/g, '.')},${String(Math.abs(minor) % 100).padStart(2, '0')}`;

function check(erpOptions: Partial<DemoErpOptions>, options: Partial<ErpCheckOptions> = {}, rewrite?: (op: string, body: string) => string | undefined) {
  const erp = createDemoErp({ apiPassword: API, ...erpOptions });
  return {
    erp,
    run: () =>
      runErpCheck({
        baseUrl: 'http://erp.test',
        apiPassword: API,
        service: 'mobiusmus',
        fetch: async (input, init) => {
          const req = new Request(input, init);
          const res = await erp.fetch(req);
          const op = new URL(req.url).pathname.split('/').pop()!;
          const replaced = rewrite?.(op, await res.clone().text());
          return replaced === undefined ? res : new Response(replaced, { status: 200, headers: { 'content-type': 'application/json; charset=utf-8' } });
        },
        ...options,
      }),
  };
}

describe('erp:check against the demo ERP, every shape', () => {
  it.each(SHAPES)('%s: every read operation answers 200 and is understood; the API password is never printed', async (shape) => {
    const { run } = check({ shape });
    const { ok, text } = await run();
    expect(ok).toBe(true);
    for (const op of ['get_cari', 'get_cari_extre', 'get_yaslandirma', 'get_fatura', 'get_fatura_det']) {
      expect(text).toMatch(new RegExp(`\\n${op} .*\\n  durum 200 · [\\d.]+ ms · [\\d.]+ bayt`));
    }
    expect(text).toContain('get_user  atlandı');
    expect(text).not.toContain('anlaşılmadı');
    expect(text).not.toMatch(/EKSİK|HATA/);
    expect(text).toContain('SONUÇ: her işlem okundu');
    expect(text).not.toContain(API);
    expect(text).not.toContain(encodeURIComponent(API));
    expect(text).not.toMatch(/NaN|undefined|Invalid Date|\[object Object\]/);
    // The ColdFusion shapes start with "//": said so.
    expect(text.includes('"//" önekiyle başlıyor')).toBe(shape.includes('cf-'));
  });

  it('mobius: the documented labels mapped to their meanings, the shapes named, sample rows as the app shows them', async () => {
    const { erp, run } = check({ shape: 'mobius' }, { userName: 'muhasebe', userPassword: 'Mali2026!' });
    const { ok, text } = await run();
    expect(ok).toBe(true);
    const lines = text.split('\n').map((l) => l.trim());
    const keyLine = (key: string) => lines.find((l) => l.startsWith(`"${key}"`))?.replace(/\s+→/, ' →');
    expect(keyLine('Borç  Tutarı')).toBe('"Borç  Tutarı" → debit: Borç Tutarı (tutar)');
    expect(keyLine('Kdv Hariç Tutar')).toBe('"Kdv Hariç Tutar" → net: KDV Hariç Tutar (tutar)');
    expect(keyLine('Kdv Dahil Tutar')).toBe('"Kdv Dahil Tutar" → gross: KDV Dahil Tutar (tutar)');
    expect(keyLine('Toplam Tutar')).toBe('"Toplam Tutar" → total: Toplam (tutar)');
    expect(keyLine('Cari')).toBe('"Cari" → company: Firma Adı (metin)');
    expect(keyLine('Satır Toplam Fiyat KDV H.')).toBe('"Satır Toplam Fiyat KDV H." → netAmount: Net Tutar (tutar)');
    expect(keyLine('Satır Toplam Fiyat Kdv Dahil')).toBe('"Satır Toplam Fiyat Kdv Dahil" → amount: Satır Toplamı (tutar)');
    expect(keyLine('FİRMA ADI')).toBe('"FİRMA ADI" → company: Firma Adı (metin)');
    // The document number is read for the ledger (a return names its invoice by it) and still shown as a column.
    expect(keyLine('BELGE NO')).toBe('"BELGE NO" → documentNo: Belge No (metin)');
    expect(text).toContain('biçim: bir satırlık dizi, iç içe liste: Ürün');
    expect(text).toContain('biçim: nesne dizisi (330 satır)');
    // The first account with a balance is the sample (and whose statement is asked for).
    const acc = erp.dataset.accounts.find((a) => a.balance !== 0)!;
    expect(text).toContain(`örnek satır: Firma ID ${Number(acc.id)} · Firma Kategori ${acc.category} · Firma Adı ${acc.name}`);
    expect(text).toContain(`· Bakiye ${trMoney(acc.balance)} ·`);
    expect(text).toContain(`get_cari_extre  cari_id="${Number(acc.id)}"`);
    const first = acc.lines[0]!;
    const trDate = (iso: string) => iso.split('-').reverse().join('.');
    expect(text).toContain(`örnek satır: İşlem Tarihi ${trDate(first.date)} ·`);
    expect(text).toContain('get_user  user_name="muhasebe" user_password=***');
    expect(text).toContain('giriş başarılı: Ayşe Yıldırım');
    expect(text).not.toContain('Mali2026!');
  });
});

describe('erp:check says what is wrong', () => {
  it('get_user answering a bare `true` (issue 36): refused, and the report says only an object with a status is accepted', async () => {
    const { run } = check({ shape: 'mobius' }, { userName: 'muhasebe', userPassword: 'Mali2026!' }, (op) => (op === 'get_user' ? 'true' : undefined));
    const { ok, text } = await run();
    expect(ok).toBe(false);
    expect(text).toContain('giriş reddedildi');
    expect(text).toContain(
      'HATA: yanıt yalın bir değer (true): ağ geçidi başarılı girişi yalnızca {"status": true, "data": {…}} gibi durum alanı olan bir nesneyle kabul eder (sözleşme §4)',
    );
  });

  it('keys it does not understand: the page’s missing fields, an ERP_ALIASES_FILE snippet, a non-zero result; ambiguous decimals warned', async () => {
    const odd = '[{"CARI_KOD":"7","AD_SOYAD":"Ali Veli","TUTAR_X":"1.234"},{"CARI_KOD":"8","AD_SOYAD":"Ayşe","TUTAR_X":"5.000"}]';
    const { run } = check({ shape: 'mobius' }, {}, (op) => (op === 'get_cari' ? odd : undefined));
    const { ok, text } = await run();
    expect(ok).toBe(false);
    expect(text).toContain('"CARI_KOD"');
    expect(text).toMatch(/"AD_SOYAD"\s+→ anlaşılmadı — "Ad Soyad" başlıklı ek sütun \(metin\)/);
    expect(text).toContain('EKSİK: sayfanın ihtiyaç duyduğu alan bulunamadı: id, name, balance');
    expect(text).toContain('{"account":{"id":["CARI_KOD","AD_SOYAD","TUTAR_X"]}}');
    expect(text).toContain('"TUTAR_X": 2 değerde ondalık işareti belirsiz (ör. "1.234")');
    expect(text).toContain('SONUÇ: sorun var');

    // The operator's alias table (ERP_ALIASES_FILE) makes the same answer understood.
    const withAliases = check({ shape: 'mobius' }, { aliases: { account: { id: ['CARI_KOD'], name: ['AD_SOYAD'], balance: ['TUTAR_X'] } } }, (op) =>
      op === 'get_cari' ? odd : undefined,
    );
    const fixed = await withAliases.run();
    expect(fixed.text).toMatch(/"CARI_KOD"\s+→ id: Firma ID \(metin\)/);
    expect(fixed.text).not.toContain('EKSİK');
  });

  it('an operation not deployed, a wrong service, a wrong API password: each its own plain message, the check fails', async () => {
    const undeployed = await check({ shape: 'mobius', undeployed: ['get_yaslandirma'] }).run();
    expect(undeployed.ok).toBe(false);
    expect(undeployed.text).toMatch(/get_yaslandirma .*\n {2}HATA: HTTP 404 · [\d.]+ ms · Bu ERP kurulumunda “get_yaslandirma” işlemi yok/);
    const service = await check({ shape: 'mobius' }, { service: 'mobius' }).run();
    expect(service.text).toMatch(/HATA: HTTP 404 .*ERP_SERVICE/);
    const password = await check({ shape: 'mobius' }, { apiPassword: 'yanlis-sifre' }).run();
    expect(password.ok).toBe(false);
    expect(password.text).toMatch(/HATA: HTTP 401 .*API şifresini kabul etmedi/);
    expect(password.text).not.toContain('yanlis-sifre');
  });

  it('npm run erp:check reads ERP_* from the environment; exit 0 when all is read, 1 when not', async () => {
    const erp = await startDemoErp({ apiPassword: API, shape: 'mobius' });
    const erpBroken = await startDemoErp({ apiPassword: API, shape: 'mobius', undeployed: ['get_fatura_det'] });
    try {
      // Asynchronously: the demo ERPs answer from this very process.
      const cli = (url: string) =>
        new Promise<{ status: number | null; stdout: string }>((done) => {
          execFile(
            process.execPath,
            nodeArgsFor('erp-check-cli', 'server/erp-check-cli.ts'),
            {
              env: { ...process.env, ERP_BASE_URL: url, ERP_API_PASSWORD: API, ERP_SERVICE: '', ERP_BODY: 'json', ERP_ALIASES_FILE: '' },
              encoding: 'utf8',
              timeout: 60_000,
            },
            (err, stdout) => done({ status: err ? (typeof err.code === 'number' ? err.code : null) : 0, stdout }),
          );
        });
      const [good, bad] = await Promise.all([cli(erp.url), cli(erpBroken.url)]);
      expect(good.status).toBe(0);
      expect(good.stdout).toContain('parametreler: JSON gövde (ERP_BODY=json)');
      expect(good.stdout).not.toContain(API);
      expect(bad.status).toBe(1);
      expect(bad.stdout).toContain('“get_fatura_det” işlemi yok');
    } finally {
      await erp.close();
      await erpBroken.close();
    }
  }, 90_000);
});
