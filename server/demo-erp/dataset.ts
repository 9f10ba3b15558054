/**
 * The demo ERP's deterministic Turkish dataset (seeded PRNG, no Math.random, nothing on disk).
 *
 * Model: every account has statement lines (amounts in kuruş, integers); balance = Σdebit − Σcredit
 * (> 0 borçlu). Invoices are the source of the statement's invoice lines (same number, date, total).
 * Invoice line: net = round_half_up(qty × unit price), VAT = round_half_up(net × rate / 100),
 * invoice total = Σ(net + VAT). Quantities are kept in thousandths (quantityMilli) so all sums are exact.
 *
 * size 'normal': ~330 accounts; size 'large': 100,000 accounts, 20,000 invoices and the account
 * LARGE_STATEMENT_ACCOUNT_ID with 50,000 statement lines. Both are generated on first use and cached
 * per (size, today, seed).
 */
import type { IsoDate, Minor } from '../../src/domain/types';

export type DatasetSize = 'normal' | 'large';
export type AccountCategory = 'Müşteri' | 'Tedarikçi' | 'Bayi';
export type StatementType =
  | 'Açılış Fişi'
  | 'Satış Faturası'
  | 'Alış Faturası'
  | 'Satış İade Faturası'
  | 'Alış İade Faturası'
  | 'Tahsilat'
  | 'Ödeme'
  | 'Virman';
export type InvoiceKind = 'Satış Faturası' | 'Alış Faturası' | 'Satış İade Faturası' | 'Alış İade Faturası';

export interface DemoStatementLine {
  date: IsoDate;
  /** null when the ERP has no due date for the line (virman); aging then uses `date`. */
  dueDate: IsoDate | null;
  type: StatementType;
  debit: Minor;
  credit: Minor;
  /** Document number (BELGE_NO): the invoice number for invoice lines. */
  documentNo: string;
  description: string;
  invoiceId?: string;
  /** Transaction currency (OTHER_MONEY) on foreign-currency accounts only; absent = TL only. */
  currency?: DemoCurrency;
  /** Amount in `currency`, minor units (OTHER_CASH_ACT_VALUE), unsigned like debit/credit; TL lines: the TL amount. */
  currencyAmount?: Minor;
}

export type DemoCurrency = 'TL' | 'USD' | 'EUR';

export interface DemoAccount {
  id: string;
  category: AccountCategory;
  name: string;
  province: string;
  district: string;
  /** Σdebit − Σcredit of `lines`, kuruş. */
  balance: Minor;
  /** The account's foreign currency (its statement lines carry it); absent for TL accounts. */
  currency?: 'USD' | 'EUR';
  /** Σ signed foreign amounts of the lines in `currency`, minor units; only with `currency`. */
  currencyBalance?: Minor;
  /** Sorted by date (stable). */
  lines: DemoStatementLine[];
}

export interface DemoInvoiceLine {
  lineNo: number;
  productCode: string;
  productName: string;
  unit: string;
  /** Quantity × 1000 (e.g. 12.5 kg → 12500). */
  quantityMilli: number;
  unitPrice: Minor;
  vatRate: 1 | 10 | 20;
  net: Minor;
  vat: Minor;
  total: Minor;
}

export interface DemoInvoice {
  id: string;
  number: string;
  kind: InvoiceKind;
  date: IsoDate;
  dueDate: IsoDate;
  accountId: string;
  accountName: string;
  currency: 'TL';
  lines: DemoInvoiceLine[];
  net: Minor;
  vat: Minor;
  total: Minor;
}

export interface DemoDataset {
  size: DatasetSize;
  today: IsoDate;
  seed: number;
  accounts: DemoAccount[];
  accountById: Map<string, DemoAccount>;
  /** In date order (ids ascending). */
  invoices: DemoInvoice[];
  invoiceById: Map<string, DemoInvoice>;
  /** Milliseconds the generation took. */
  generatedMs: number;
}

export interface DatasetOptions {
  size?: DatasetSize;
  /** The demo ERP's "today": no transaction after it; aging is computed against it. Default 2026-11-15. */
  today?: IsoDate;
  seed?: number;
}

export const DEFAULT_TODAY: IsoDate = '2026-11-15';
export const DEFAULT_SEED = 20260115;
export const DATASET_START: IsoDate = '2025-01-01';

/** Accounts with known traits, the same in both sizes (tests and e2e use them). */
export const SPECIAL_ACCOUNTS = {
  /** 50,000 statement lines in size 'large' (an ordinary busy customer in 'normal'). */
  large: '1000',
  /** Quotes and ampersand in the name; İstanbul Kadıköy. */
  quoted: '1001',
  /** "%100" in the name; ISPARTA (upper case). */
  percent: '1002',
  /** Many lines of 0,10 and 0,20: a float sum drifts, the kuruş sum is exact (balance 4,60). */
  floatTrap: '1003',
  /** "İĞDIR …" name, province İĞDIR. */
  igdirUpper: '1004',
  /** "Iğdır …" name, province Iğdır. */
  igdirMixed: '1005',
  /** "A+" in the name; a customer with a credit (alacaklı) balance; Ankara Çankaya. */
  plusCredit: '1006',
  /** Apostrophe in the name; every invoice paid: balance exactly 0; İzmir Karşıyaka. */
  apostropheZero: '1007',
  /** Isparta (mixed case). */
  isparta: '1008',
  /** No transactions at all: empty statement, balance 0. */
  empty: '1009',
  /** A supplier (Tedarikçi): alış faturaları, credit balance. */
  supplier: '1010',
  /** Leading zeros in the id. */
  leadingZero: '00457',
} as const;
export const LARGE_STATEMENT_ACCOUNT_ID = SPECIAL_ACCOUNTS.large;
export const LARGE_ACCOUNT_COUNT = 100_000;
export const LARGE_STATEMENT_LINES = 50_000;
export const LARGE_INVOICE_COUNT = 20_000;

// ---------------------------------------------------------------- pure helpers (tests use them too)

/** Deterministic PRNG (mulberry32): returns floats in [0, 1). */
export function createRng(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** a / b for non-negative integers, rounded half-up (exact for values below 2^53). */
export function divRoundHalfUp(a: number, b: number): number {
  return Math.floor((2 * a + b) / (2 * b));
}

/** Line net in kuruş: quantity (thousandths) × unit price, rounded half-up to the kuruş. */
export function lineNet(quantityMilli: number, unitPrice: Minor): Minor {
  return divRoundHalfUp(quantityMilli * unitPrice, 1000);
}

/** VAT of a net amount, rounded half-up to the kuruş. */
export function lineVat(net: Minor, rate: number): Minor {
  return divRoundHalfUp(net * rate, 100);
}

const DAY_MS = 86_400_000;
/** "2026-01-31" → days since 1970-01-01 (UTC; business dates, no time zone). */
export function dayNumber(iso: IsoDate): number {
  return Date.UTC(Number(iso.slice(0, 4)), Number(iso.slice(5, 7)) - 1, Number(iso.slice(8, 10))) / DAY_MS;
}
export function isoFromDay(day: number): IsoDate {
  return new Date(day * DAY_MS).toISOString().slice(0, 10);
}

export type AgingBucket = 'notDue' | 'd0_30' | 'd31_60' | 'd61_90' | 'd91_120' | 'd120plus';
export const AGING_BUCKETS: readonly AgingBucket[] = ['notDue', 'd0_30', 'd31_60', 'd61_90', 'd91_120', 'd120plus'];

/** Days overdue = today − due. ≤ 0 (due today or later): not due; 1–30: "0-30"; …; > 120: "120+". */
export function agingBucket(dueDate: IsoDate, today: IsoDate): AgingBucket {
  const days = dayNumber(today) - dayNumber(dueDate);
  if (days <= 0) return 'notDue';
  if (days <= 30) return 'd0_30';
  if (days <= 60) return 'd31_60';
  if (days <= 90) return 'd61_90';
  if (days <= 120) return 'd91_120';
  return 'd120plus';
}

export interface AgingResult {
  buckets: Record<AgingBucket, Minor>;
  total: Minor;
}

/**
 * Open items by due date (FIFO): the smaller side is applied to the larger side's items oldest due
 * date first; what stays open is bucketed by days overdue. A debit (borçlu) balance gives positive
 * buckets, a credit (alacaklı) balance negative ones; buckets always sum to the balance.
 */
export function agingOf(lines: readonly DemoStatementLine[], today: IsoDate): AgingResult {
  const buckets: Record<AgingBucket, Minor> = { notDue: 0, d0_30: 0, d31_60: 0, d61_90: 0, d91_120: 0, d120plus: 0 };
  let debit = 0;
  let credit = 0;
  for (const l of lines) {
    debit += l.debit;
    credit += l.credit;
  }
  const sign = debit >= credit ? 1 : -1;
  const items = lines
    .map((l, index) => ({ due: l.dueDate ?? l.date, date: l.date, index, amount: sign > 0 ? l.debit : l.credit }))
    .filter((i) => i.amount > 0)
    .sort((a, b) => (a.due < b.due ? -1 : a.due > b.due ? 1 : a.date < b.date ? -1 : a.date > b.date ? 1 : a.index - b.index));
  let toApply = sign > 0 ? credit : debit;
  for (const item of items) {
    const applied = Math.min(toApply, item.amount);
    toApply -= applied;
    const open = item.amount - applied;
    if (open > 0) buckets[agingBucket(item.due, today)] += sign * open;
  }
  return { buckets, total: debit - credit };
}

// ---------------------------------------------------------------- reference data

interface Place { province: string; districts: string[]; weight: number }
const PLACES: Place[] = [
  { province: 'İstanbul', weight: 24, districts: ['Kadıköy', 'Üsküdar', 'Beşiktaş', 'Şişli', 'Bakırköy', 'Ümraniye', 'Pendik', 'Başakşehir', 'Esenyurt', 'Beylikdüzü', 'Ataşehir', 'Kağıthane'] },
  { province: 'Ankara', weight: 10, districts: ['Çankaya', 'Keçiören', 'Yenimahalle', 'Etimesgut', 'Sincan', 'Altındağ', 'Mamak', 'Gölbaşı'] },
  { province: 'İzmir', weight: 9, districts: ['Karşıyaka', 'Bornova', 'Konak', 'Buca', 'Çiğli', 'Bayraklı', 'Torbalı', 'Gaziemir'] },
  { province: 'Bursa', weight: 5, districts: ['Osmangazi', 'Nilüfer', 'Yıldırım', 'İnegöl', 'Gemlik', 'Mudanya'] },
  { province: 'Antalya', weight: 4, districts: ['Muratpaşa', 'Konyaaltı', 'Kepez', 'Alanya', 'Manavgat'] },
  { province: 'Konya', weight: 3, districts: ['Selçuklu', 'Meram', 'Karatay', 'Ereğli', 'Akşehir'] },
  { province: 'Adana', weight: 3, districts: ['Seyhan', 'Çukurova', 'Yüreğir', 'Ceyhan', 'Kozan'] },
  { province: 'Gaziantep', weight: 3, districts: ['Şahinbey', 'Şehitkamil', 'Nizip', 'İslahiye'] },
  { province: 'Kayseri', weight: 2, districts: ['Melikgazi', 'Kocasinan', 'Talas', 'Develi'] },
  { province: 'Iğdır', weight: 2, districts: ['Merkez', 'Tuzluca', 'Aralık', 'Karakoyunlu'] },
  { province: 'Isparta', weight: 2, districts: ['Merkez', 'Eğirdir', 'Yalvaç', 'Şarkikaraağaç', 'Gönen'] },
  { province: 'Eskişehir', weight: 2, districts: ['Odunpazarı', 'Tepebaşı', 'Sivrihisar'] },
  { province: 'Trabzon', weight: 2, districts: ['Ortahisar', 'Akçaabat', 'Of', 'Araklı'] },
  { province: 'Samsun', weight: 2, districts: ['İlkadım', 'Atakum', 'Bafra', 'Çarşamba'] },
  { province: 'Denizli', weight: 2, districts: ['Pamukkale', 'Merkezefendi', 'Çivril'] },
  { province: 'Muğla', weight: 2, districts: ['Bodrum', 'Fethiye', 'Menteşe', 'Marmaris', 'Milas'] },
  { province: 'Diyarbakır', weight: 2, districts: ['Bağlar', 'Kayapınar', 'Yenişehir', 'Sur'] },
  { province: 'Şanlıurfa', weight: 1, districts: ['Haliliye', 'Eyyübiye', 'Siverek', 'Viranşehir'] },
  { province: 'Kocaeli', weight: 3, districts: ['İzmit', 'Gebze', 'Darıca', 'Gölcük', 'Körfez'] },
  { province: 'Sakarya', weight: 1, districts: ['Adapazarı', 'Serdivan', 'Akyazı'] },
  { province: 'Tekirdağ', weight: 2, districts: ['Çorlu', 'Süleymanpaşa', 'Çerkezköy', 'Ergene'] },
  { province: 'Manisa', weight: 2, districts: ['Yunusemre', 'Şehzadeler', 'Akhisar', 'Turgutlu', 'Salihli'] },
  { province: 'Çanakkale', weight: 1, districts: ['Merkez', 'Biga', 'Çan', 'Gelibolu'] },
  { province: 'Erzurum', weight: 1, districts: ['Yakutiye', 'Palandöken', 'Aziziye'] },
  { province: 'Van', weight: 1, districts: ['İpekyolu', 'Tuşba', 'Erciş'] },
  { province: 'Hatay', weight: 1, districts: ['Antakya', 'İskenderun', 'Dörtyol', 'Defne'] },
  { province: 'Mersin', weight: 2, districts: ['Yenişehir', 'Mezitli', 'Tarsus', 'Toroslar'] },
  { province: 'Ağrı', weight: 1, districts: ['Merkez', 'Doğubayazıt', 'Patnos'] },
  { province: 'Uşak', weight: 1, districts: ['Merkez', 'Banaz'] },
  { province: 'Düzce', weight: 1, districts: ['Merkez', 'Akçakoca'] },
  { province: 'Zonguldak', weight: 1, districts: ['Merkez', 'Ereğli', 'Çaycuma'] },
  { province: 'Kütahya', weight: 1, districts: ['Merkez', 'Tavşanlı', 'Simav'] },
  { province: 'Çorum', weight: 1, districts: ['Merkez', 'Sungurlu', 'Osmancık'] },
];
const PLACE_WEIGHT = PLACES.reduce((s, p) => s + p.weight, 0);

const WORDS = ['Yıldız', 'Ağaoğlu', 'Öztürk', 'Çelik', 'Şahin', 'Demir', 'Kaya', 'Aydın', 'Arslan', 'Doğan', 'Kılıç', 'Aslan', 'Çetin', 'Koç', 'Kurt', 'Özdemir', 'Şimşek', 'Erdoğan', 'Güneş', 'Akın', 'Bozkurt', 'Ünal', 'Işık', 'İnce', 'Uğurlu', 'Karadeniz', 'Ege', 'Anadolu', 'Marmara', 'Toros', 'Kaçkar', 'Akdeniz', 'Yeşilırmak', 'Fırat', 'Dicle', 'Erciyes', 'Uludağ', 'Palandöken', 'Güven', 'Özgür', 'Başak', 'Ilgın', 'Çınar', 'Gök', 'Altın', 'Gümüş', 'Demirtaş', 'Karaca', 'Kocabaş', 'Tunç', 'Ekinci', 'Sarıgül', 'Ayyıldız', 'Öncü', 'Ergün', 'Yüksel', 'Polat', 'Tekin', 'Korkmaz', 'Acar', 'Türkmen', 'Şen', 'Keskin', 'Bulut', 'Avcı', 'Özkan', 'Yalçın', 'Aksoy', 'Çakır', 'Kalkan', 'Sönmez', 'Özbek', 'Güler', 'İpek', 'Oğuz', 'Çağlar', 'Göktürk', 'Erdem', 'Soylu', 'Ilıca'];
const SECTORS = ['Gıda', 'Tekstil', 'İnşaat', 'Otomotiv', 'Mobilya', 'Ambalaj', 'Kimya', 'Elektrik', 'Makina', 'Tarım Ürünleri', 'Lojistik', 'Bilişim', 'Medikal', 'Kırtasiye', 'Yapı Malzemeleri', 'Hırdavat', 'Su Ürünleri', 'Süt Ürünleri', 'Plastik', 'Enerji', 'Turizm', 'Mermer', 'Cam', 'Kağıt', 'Kozmetik', 'Temizlik Ürünleri', 'Hayvancılık', 'Zirai İlaç', 'Elektronik', 'Metal', 'Döküm', 'Boya', 'Isı Sistemleri', 'Peyzaj', 'Matbaacılık', 'Oto Yedek Parça', 'Akaryakıt', 'Büro Malzemeleri', 'Örme', 'Züccaciye'];
const SUFFIXES = ['A.Ş.', 'Ltd. Şti.', 'San. ve Tic. A.Ş.', 'San. ve Tic. Ltd. Şti.', 'Tic. Ltd. Şti.', 'İth. İhr. Ltd. Şti.', 'Paz. A.Ş.', 'İnş. Taah. Ltd. Şti.'];
const FIRST_NAMES = ['Mehmet', 'Ahmet', 'Mustafa', 'Ayşe', 'Fatma', 'Emine', 'Hüseyin', 'Ali', 'Zeynep', 'Elif', 'İbrahim', 'Hasan', 'Murat', 'Ömer', 'Şükrü', 'Gülşen', 'Özlem', 'Çağrı', 'Işıl', 'İlker', 'Ümit', 'Ülkü', 'Şule', 'Gökhan', 'Tuğba', 'Buğra', 'Eşref', 'Nazlı', 'Cemil', 'Derya'];

interface Product { code: string; name: string; unit: 'Adet' | 'Kg' | 'Lt' | 'Metre' | 'Koli'; price: Minor; vat: 1 | 10 | 20 }
const PRODUCTS: Product[] = [
  { code: 'GD-0101', name: 'Ekmeklik Buğday Unu 50 kg', unit: 'Adet', price: 74_500, vat: 1 },
  { code: 'GD-0102', name: 'Pilavlık Bulgur', unit: 'Kg', price: 3_890, vat: 1 },
  { code: 'GD-0110', name: 'Ayçiçek Yağı 5 L', unit: 'Adet', price: 38_950, vat: 10 },
  { code: 'GD-0115', name: 'Beyaz Peynir (Tam Yağlı)', unit: 'Kg', price: 28_475, vat: 10 },
  { code: 'GD-0120', name: 'Kuru Kayısı (Malatya)', unit: 'Kg', price: 41_290, vat: 10 },
  { code: 'GD-0131', name: 'Süt 1 L x 12', unit: 'Koli', price: 46_800, vat: 10 },
  { code: 'GD-0140', name: 'Zeytinyağı Sızma', unit: 'Lt', price: 52_335, vat: 10 },
  { code: 'GD-0150', name: 'Çay 1 kg (Rize)', unit: 'Adet', price: 31_900, vat: 10 },
  { code: 'TK-0201', name: 'Pamuklu Kumaş %100 Koton', unit: 'Metre', price: 18_750, vat: 10 },
  { code: 'TK-0210', name: 'Örme İplik 30/1', unit: 'Kg', price: 22_460, vat: 10 },
  { code: 'YP-0301', name: 'Portland Çimento 50 kg', unit: 'Adet', price: 21_500, vat: 20 },
  { code: 'YP-0305', name: 'Nervürlü İnşaat Demiri Ø12', unit: 'Kg', price: 2_835, vat: 20 },
  { code: 'YP-0310', name: 'Seramik Karo 60x60', unit: 'Adet', price: 9_990, vat: 20 },
  { code: 'YP-0320', name: 'İç Cephe Boyası 15 L', unit: 'Adet', price: 189_900, vat: 20 },
  { code: 'HR-0401', name: 'Vida Seti 6x40 (100\'lü)', unit: 'Koli', price: 14_575, vat: 20 },
  { code: 'HR-0405', name: 'Matkap Ucu Seti "Pro"', unit: 'Adet', price: 64_990, vat: 20 },
  { code: 'EL-0501', name: 'NYA Kablo 2,5 mm²', unit: 'Metre', price: 1_245, vat: 20 },
  { code: 'EL-0510', name: 'LED Panel 60x60 40W', unit: 'Adet', price: 48_750, vat: 20 },
  { code: 'BL-0601', name: 'Dizüstü Bilgisayar i5/16GB', unit: 'Adet', price: 3_149_900, vat: 20 },
  { code: 'BL-0605', name: 'Yazıcı Toneri (Siyah)', unit: 'Adet', price: 174_500, vat: 20 },
  { code: 'KR-0701', name: 'A4 Fotokopi Kağıdı 80 gr (5\'li koli)', unit: 'Koli', price: 89_900, vat: 20 },
  { code: 'KR-0705', name: 'Tükenmez Kalem Mavi (50\'li)', unit: 'Koli', price: 27_500, vat: 20 },
  { code: 'TM-0801', name: 'Yüzey Temizleyici 5 L', unit: 'Adet', price: 16_990, vat: 20 },
  { code: 'TM-0805', name: 'Çamaşır Suyu 4 L', unit: 'Adet', price: 8_450, vat: 20 },
  { code: 'AM-0901', name: 'Oluklu Mukavva Koli 40x30x30', unit: 'Adet', price: 1_870, vat: 20 },
  { code: 'AM-0905', name: 'Streç Film 50 cm', unit: 'Kg', price: 9_120, vat: 20 },
  { code: 'OT-1001', name: 'Fren Balatası Ön Takım', unit: 'Adet', price: 125_000, vat: 20 },
  { code: 'OT-1005', name: 'Motor Yağı 10W-40 4 L', unit: 'Adet', price: 119_900, vat: 20 },
  { code: 'TR-1101', name: 'Kompoze Gübre 20-20-0', unit: 'Kg', price: 1_985, vat: 1 },
  { code: 'TR-1105', name: 'Sertifikalı Tohumluk Buğday', unit: 'Kg', price: 1_640, vat: 1 },
  { code: 'AK-1201', name: 'Motorin (Euro Diesel)', unit: 'Lt', price: 4_487, vat: 20 },
  { code: 'HZ-1301', name: 'Nakliye Hizmeti', unit: 'Adet', price: 850_000, vat: 20 },
  { code: 'HZ-1305', name: 'Montaj & Kurulum Hizmeti', unit: 'Adet', price: 275_000, vat: 20 },
];

const COLLECTION_TEXTS = ['Havale ile tahsilat - Garanti BBVA', 'EFT tahsilatı - Ziraat Bankası', 'Kredi kartı tahsilatı (POS)', 'Nakit tahsilat', 'Çek tahsilatı - vadeli çek', 'Havale - İş Bankası "ticari" hesap'];
const PAYMENT_TEXTS = ['Havale ile ödeme - İş Bankası', 'EFT ile ödeme - Yapı Kredi', 'Nakit ödeme', 'Çek ile ödeme', 'Ödeme - %50 peşinat & kalan 30 gün'];
const TERMS = [30, 45, 60, 90];

// ---------------------------------------------------------------- generation

interface Rand {
  next: () => number;
  int: (min: number, max: number) => number;
  pick: <T>(list: readonly T[]) => T;
  chance: (p: number) => boolean;
}
function rand(seed: number): Rand {
  const next = createRng(seed);
  const int = (min: number, max: number) => min + Math.floor(next() * (max - min + 1));
  return { next, int, pick: (list) => list[Math.floor(next() * list.length)]!, chance: (p) => next() < p };
}

interface PendingInvoice { inv: DemoInvoice; line: DemoStatementLine; account: DemoAccount; seq: number }

interface Builder {
  r: Rand;
  startDay: number;
  todayDay: number;
  days: IsoDate[]; // iso per day offset from startDay
  pending: PendingInvoice[];
  counters: Record<string, number>;
}

function iso(b: Builder, day: number): IsoDate {
  return b.days[day - b.startDay] ?? isoFromDay(day);
}

function nextDoc(b: Builder, prefix: string, year: string): string {
  const key = prefix + year;
  const n = (b.counters[key] ?? 0) + 1;
  b.counters[key] = n;
  return `${prefix}-${year}-${String(n).padStart(6, '0')}`;
}

function pushLine(acc: DemoAccount, line: DemoStatementLine): DemoStatementLine {
  acc.lines.push(line);
  return line;
}

/** Creates an invoice (number assigned later, in date order) and its statement line. */
function addInvoice(b: Builder, acc: DemoAccount, kind: InvoiceKind, day: number, term: number, maxLines: number): Minor {
  const { r } = b;
  const months = (day - b.startDay) / 30;
  const inflation = 1 + 0.025 * months; // prices rise over time
  const count = kind.includes('İade') ? r.int(1, 2) : r.int(1, maxLines);
  const lines: DemoInvoiceLine[] = [];
  let net = 0;
  let vat = 0;
  for (let i = 0; i < count; i++) {
    const p = r.pick(PRODUCTS);
    const quantityMilli =
      p.unit === 'Adet' || p.unit === 'Koli'
        ? r.int(1, kind.includes('İade') ? 5 : p.price > 1_000_000 ? 4 : 120) * 1000
        : r.int(5, kind.includes('İade') ? 100 : 3000) * 50;
    const unitPrice = Math.round(p.price * inflation * (0.9 + r.next() * 0.3));
    const n = lineNet(quantityMilli, unitPrice);
    const v = lineVat(n, p.vat);
    lines.push({ lineNo: i + 1, productCode: p.code, productName: p.name, unit: p.unit, quantityMilli, unitPrice, vatRate: p.vat, net: n, vat: v, total: n + v });
    net += n;
    vat += v;
  }
  const total = net + vat;
  const date = iso(b, day);
  const inv: DemoInvoice = {
    id: '', number: '', kind, date, dueDate: iso(b, day + term), accountId: acc.id, accountName: acc.name,
    currency: 'TL', lines, net, vat, total,
  };
  const debitSide = kind === 'Satış Faturası' || kind === 'Alış İade Faturası';
  const line = pushLine(acc, {
    date, dueDate: inv.dueDate, type: kind, debit: debitSide ? total : 0, credit: debitSide ? 0 : total, documentNo: '', description: '',
  });
  b.pending.push({ inv, line, account: acc, seq: b.pending.length });
  return total;
}

/** Collections (customer) or payments (supplier): `amount` split into `count` lines dated after `fromDay`. */
function addPayments(b: Builder, acc: DemoAccount, amount: Minor, count: number, fromDay: number): void {
  const { r } = b;
  if (amount <= 0 || count <= 0) return;
  const customer = acc.category !== 'Tedarikçi';
  const weights = Array.from({ length: count }, () => 0.3 + r.next());
  const wsum = weights.reduce((s, w) => s + w, 0);
  const days = Array.from({ length: count }, () => r.int(Math.min(fromDay + 7, b.todayDay), b.todayDay)).sort((x, y) => x - y);
  let left = amount;
  for (let i = 0; i < count; i++) {
    const part = i === count - 1 ? left : Math.min(left, Math.floor((amount * weights[i]!) / wsum / 100) * 100);
    left -= part;
    if (part <= 0) continue;
    const day = days[i]!;
    const date = iso(b, day);
    const virman = r.chance(0.08);
    const type: StatementType = virman ? 'Virman' : customer ? 'Tahsilat' : 'Ödeme';
    pushLine(acc, {
      date,
      dueDate: virman ? null : date,
      type,
      debit: customer ? 0 : part,
      credit: customer ? part : 0,
      documentNo: nextDoc(b, virman ? 'VRM' : customer ? 'THS' : 'ODM', date.slice(0, 4)),
      description: virman ? 'Cari hesaplar arası virman' : r.pick(customer ? COLLECTION_TEXTS : PAYMENT_TEXTS),
    });
  }
}

interface Activity {
  invoices: number;
  /** Share of the invoiced amount that has been paid (1 = settled, > 1 = advance: credit balance). */
  payRatio: number;
  payments: number;
  opening: boolean;
  maxLines: number;
}

function generateActivity(b: Builder, acc: DemoAccount, a: Activity): void {
  const { r } = b;
  const customer = acc.category !== 'Tedarikçi';
  const term = r.pick(TERMS);
  let owed = 0; // positive: what the other side owes on the natural side (customer: debit, supplier: credit)
  if (a.opening) {
    const amount = r.int(500, 60_000) * 100 + r.int(0, 99);
    const date = iso(b, b.startDay);
    pushLine(acc, {
      date, dueDate: date, type: 'Açılış Fişi', debit: customer ? amount : 0, credit: customer ? 0 : amount,
      documentNo: nextDoc(b, 'ACL', date.slice(0, 4)), description: `${date.slice(0, 4)} yılı açılış bakiyesi`,
    });
    owed += amount;
  }
  let firstDay = b.todayDay;
  for (let i = 0; i < a.invoices; i++) {
    const day = r.int(b.startDay + 3, b.todayDay);
    firstDay = Math.min(firstDay, day);
    const isReturn = i > 0 && r.chance(0.06);
    const kind: InvoiceKind = customer
      ? isReturn ? 'Satış İade Faturası' : 'Satış Faturası'
      : isReturn ? 'Alış İade Faturası' : 'Alış Faturası';
    const total = addInvoice(b, acc, kind, day, r.chance(0.85) ? term : r.pick(TERMS), a.maxLines);
    owed += isReturn ? -total : total;
  }
  if (a.opening) firstDay = b.startDay;
  const toPay = a.payRatio === 1 ? owed : Math.round((owed * a.payRatio) / 100) * 100;
  addPayments(b, acc, toPay, a.payments, firstDay);
}

function pickPlace(r: Rand): { province: string; district: string } {
  let x = r.next() * PLACE_WEIGHT;
  let place = PLACES[0]!;
  for (const p of PLACES) {
    x -= p.weight;
    if (x < 0) {
      place = p;
      break;
    }
  }
  const d = r.int(0, place.districts.length - 1);
  // Several WEX installations keep İL/İLÇE in upper case.
  if (!r.chance(0.35)) return { province: place.province, district: place.districts[d]! };
  return { province: upper(place.province), district: r.chance(0.6) ? upper(place.districts[d]!) : place.districts[d]! };
}

const upperCache = new Map<string, string>();
function upper(s: string): string {
  let u = upperCache.get(s);
  if (u === undefined) upperCache.set(s, (u = s.toLocaleUpperCase('tr-TR')));
  return u;
}

function makeName(r: Rand, province: string): string {
  const x = r.next();
  const w = r.pick(WORDS);
  if (x < 0.55) return `${w} ${r.pick(SECTORS)} ${r.pick(SUFFIXES)}`;
  if (x < 0.68) return `${w}${r.pick(['oğlu', 'lar', ' Kardeşler', ' Grup'])} ${r.pick(SECTORS)} ${r.pick(SUFFIXES)}`;
  if (x < 0.8) {
    const surname = r.pick(WORDS);
    return `${r.pick(FIRST_NAMES)} ${surname} - ${surname} ${r.pick(SECTORS)}`;
  }
  if (x < 0.87) return `${w} & ${r.pick(WORDS)} ${r.pick(SECTORS)} ${r.pick(SUFFIXES)}`;
  if (x < 0.93) return `${province.charAt(0)}${province.slice(1).toLocaleLowerCase('tr-TR')} ${r.pick(SECTORS)} ${r.pick(SUFFIXES)}`;
  return `${w} ${r.pick(SECTORS)} ve ${r.pick(SECTORS)} ${r.pick(SUFFIXES)}`;
}

interface SpecialSpec {
  id: string;
  name: string;
  category: AccountCategory;
  province: string;
  district: string;
  activity: Activity | 'floatTrap' | 'none';
}
const SPECIALS: SpecialSpec[] = [
  { id: '1000', name: 'Anadolu Mega Market Zincir Mağazaları A.Ş.', category: 'Bayi', province: 'İSTANBUL', district: 'ÜMRANİYE', activity: { invoices: 40, payments: 30, payRatio: 0.8, opening: true, maxLines: 6 } },
  { id: '1001', name: 'Öz-Çağ "Yıldız" Gıda & Tic. Ltd. Şti.', category: 'Müşteri', province: 'İstanbul', district: 'Kadıköy', activity: { invoices: 18, payments: 10, payRatio: 0.7, opening: true, maxLines: 5 } },
  { id: '1002', name: 'Ağaoğlu %100 Doğal Ürünler San. ve Tic. A.Ş.', category: 'Müşteri', province: 'ISPARTA', district: 'EĞİRDİR', activity: { invoices: 12, payments: 8, payRatio: 0.6, opening: false, maxLines: 4 } },
  { id: '1003', name: 'Kuruşçu Kırtasiye Ltd. Şti.', category: 'Müşteri', province: 'Ankara', district: 'Keçiören', activity: 'floatTrap' },
  { id: '1004', name: 'İĞDIR Tarım Ürünleri San. ve Tic. Ltd. Şti.', category: 'Müşteri', province: 'İĞDIR', district: 'MERKEZ', activity: { invoices: 10, payments: 6, payRatio: 0.5, opening: true, maxLines: 3 } },
  { id: '1005', name: 'Iğdır Et ve Süt Ürünleri A.Ş.', category: 'Bayi', province: 'Iğdır', district: 'Tuzluca', activity: { invoices: 8, payments: 5, payRatio: 0.85, opening: false, maxLines: 3 } },
  { id: '1006', name: 'A+ Yapı Denetim Ltd. Şti.', category: 'Müşteri', province: 'Ankara', district: 'Çankaya', activity: { invoices: 6, payments: 4, payRatio: 1.25, opening: false, maxLines: 3 } },
  { id: '1007', name: "D'Ora Mimarlık & İç Tasarım Ltd. Şti.", category: 'Müşteri', province: 'İzmir', district: 'Karşıyaka', activity: { invoices: 7, payments: 5, payRatio: 1, opening: true, maxLines: 3 } },
  { id: '1008', name: 'Isparta Gül Yağı Kozmetik San. ve Tic. A.Ş.', category: 'Tedarikçi', province: 'Isparta', district: 'Merkez', activity: { invoices: 9, payments: 6, payRatio: 0.75, opening: true, maxLines: 3 } },
  { id: '1009', name: 'Ünal Bilişim Hizmetleri Ltd. Şti.', category: 'Müşteri', province: 'İstanbul', district: 'Ataşehir', activity: 'none' },
  { id: '1010', name: 'Çukurova Ambalaj San. ve Tic. A.Ş.', category: 'Tedarikçi', province: 'ADANA', district: 'SEYHAN', activity: { invoices: 14, payments: 9, payRatio: 0.7, opening: true, maxLines: 4 } },
  { id: '00457', name: 'Şimşek Hırdavat - Ahmet Şimşek', category: 'Bayi', province: 'Kocaeli', district: 'Gebze', activity: { invoices: 11, payments: 7, payRatio: 0.9, opening: false, maxLines: 4 } },
];

function floatTrapLines(b: Builder, acc: DemoAccount): void {
  // 25 × 0,10 + 12 × 0,20 debit, 3 × 0,10 credit → 4,60 exactly; a float sum gives 4.6000000000000005-ish.
  const start = dayNumber('2026-01-05');
  const amounts: Array<[number, number]> = [];
  for (let i = 0; i < 25; i++) amounts.push([10, 0]);
  for (let i = 0; i < 12; i++) amounts.push([20, 0]);
  for (let i = 0; i < 3; i++) amounts.push([0, 10]);
  const order = amounts.map((a, i) => ({ a, k: (i * 17) % amounts.length })).sort((x, y) => x.k - y.k);
  order.forEach(({ a: [debit, credit] }, i) => {
    const date = iso(b, start + i * 3);
    pushLine(acc, {
      date, dueDate: debit ? iso(b, start + i * 3 + 30) : date, type: debit ? 'Virman' : 'Tahsilat', debit, credit,
      documentNo: nextDoc(b, debit ? 'VRM' : 'THS', date.slice(0, 4)),
      description: debit ? 'Kuruş farkı virmanı' : 'Kuruş farkı tahsilatı',
    });
  });
}

/** Large mode: the busy account gets exactly LARGE_STATEMENT_LINES lines. */
function largeStatement(b: Builder, acc: DemoAccount, invoices: number): void {
  const { r } = b;
  let owed = 0;
  for (let i = 0; i < invoices; i++) {
    const isReturn = i % 16 === 15;
    const total = addInvoice(b, acc, isReturn ? 'Satış İade Faturası' : 'Satış Faturası', r.int(b.startDay + 3, b.todayDay), r.pick(TERMS), 4);
    owed += isReturn ? -total : total;
  }
  const payments = LARGE_STATEMENT_LINES - invoices - 1;
  const opening = 1_250_000_00;
  const date = iso(b, b.startDay);
  pushLine(acc, { date, dueDate: date, type: 'Açılış Fişi', debit: opening, credit: 0, documentNo: nextDoc(b, 'ACL', '2025'), description: '2025 yılı açılış bakiyesi' });
  owed += opening;
  const paid = Math.round((owed * 0.9) / 100) * 100;
  const before = acc.lines.length;
  addPayments(b, acc, paid, payments, b.startDay);
  // addPayments skips zero parts: top up with small virman lines so the count is exact.
  for (let i = acc.lines.length - before; i < payments; i++) {
    const d = iso(b, r.int(b.startDay, b.todayDay));
    pushLine(acc, { date: d, dueDate: null, type: 'Virman', debit: 0, credit: 100, documentNo: nextDoc(b, 'VRM', d.slice(0, 4)), description: 'Cari hesaplar arası virman' });
  }
}

function supplierSeries(name: string, used: Set<string>, r: Rand): string {
  const letters = name
    .toLocaleUpperCase('tr-TR')
    .replace(/[ÇĞİIÖŞÜ]/g, (c) => ({ Ç: 'C', Ğ: 'G', İ: 'I', I: 'I', Ö: 'O', Ş: 'S', Ü: 'U' })[c] ?? c)
    .split(/[^A-Z]+/)
    .filter(Boolean)
    .map((w) => w[0])
    .join('');
  let series = (letters + 'XXX').slice(0, 3);
  for (let i = 0; used.has(series) && i < 20; i++) series = series.slice(0, 2) + String.fromCharCode(65 + r.int(0, 25));
  used.add(series);
  return series;
}

const KIND_TEXT: Record<InvoiceKind, string> = {
  'Satış Faturası': 'satış faturası',
  'Alış Faturası': 'alış faturası',
  'Satış İade Faturası': 'satış iade faturası',
  'Alış İade Faturası': 'alış iade faturası',
};

/** Assigns invoice ids and numbers in date order and fills the statement lines' document numbers. */
function numberInvoices(b: Builder): DemoInvoice[] {
  const pending = b.pending.sort((x, y) => (x.inv.date < y.inv.date ? -1 : x.inv.date > y.inv.date ? 1 : x.seq - y.seq));
  const seqByKey = new Map<string, number>();
  const supplierSeriesById = new Map<string, string>();
  const usedSeries = new Set(['SIF', 'AIF']);
  const usedNumbers = new Set<string>();
  const out: DemoInvoice[] = [];
  let id = 70_000;
  for (const { inv, line, account } of pending) {
    id += 1 + (id % 7 === 0 ? 2 : 0); // a few gaps, like a real table
    inv.id = String(id);
    const year = inv.date.slice(0, 4);
    let series: string;
    if (inv.kind === 'Alış Faturası') {
      series = supplierSeriesById.get(account.id) ?? supplierSeries(account.name, usedSeries, b.r);
      supplierSeriesById.set(account.id, series);
    } else series = inv.kind === 'Satış Faturası' ? 'SF' : inv.kind === 'Satış İade Faturası' ? 'SIF' : 'AIF';
    const key = series + year;
    let n = (seqByKey.get(key) ?? 0) + 1;
    let number = `${series}${year}${String(n).padStart(6, '0')}`;
    while (usedNumbers.has(number)) number = `${series}${year}${String(++n).padStart(6, '0')}`;
    seqByKey.set(key, n);
    usedNumbers.add(number);
    inv.number = number;
    line.documentNo = number;
    line.invoiceId = inv.id;
    line.description = `${number} nolu ${KIND_TEXT[inv.kind]}`;
    out.push(inv);
  }
  return out;
}

export function generateDataset(options: DatasetOptions = {}): DemoDataset {
  const t0 = performance.now();
  const size = options.size ?? 'normal';
  const today = options.today ?? DEFAULT_TODAY;
  const seed = options.seed ?? DEFAULT_SEED;
  if (!/^\d{4}-\d{2}-\d{2}$/.test(today) || isoFromDay(dayNumber(today)) !== today) throw new Error(`Invalid demo ERP today: ${today}`);
  const startDay = dayNumber(DATASET_START);
  const todayDay = Math.max(dayNumber(today), startDay + 60);
  const days: IsoDate[] = [];
  for (let d = startDay; d <= todayDay + 200; d++) days.push(isoFromDay(d));
  const b: Builder = { r: rand(seed), startDay, todayDay, days, pending: [], counters: {} };
  const { r } = b;

  const accounts: DemoAccount[] = [];
  const names = new Set<string>();
  const newAccount = (id: string, name: string, category: AccountCategory, province: string, district: string): DemoAccount => {
    names.add(name);
    const acc: DemoAccount = { id, category, name, province, district, balance: 0, lines: [] };
    accounts.push(acc);
    return acc;
  };

  const large = size === 'large';
  let bigAccount: DemoAccount | undefined;
  const main = b.r;
  SPECIALS.forEach((s, index) => {
    // Each special account has its own stream, so it is the same in both sizes.
    b.r = rand(seed + 7919 * (index + 1));
    const acc = newAccount(s.id, s.name, s.category, s.province, s.district);
    if (large && s.id === LARGE_STATEMENT_ACCOUNT_ID) bigAccount = acc;
    else if (s.activity === 'floatTrap') floatTrapLines(b, acc);
    else if (s.activity !== 'none') generateActivity(b, acc, s.activity);
  });
  b.r = main;

  const count = large ? LARGE_ACCOUNT_COUNT : 330;
  const bigInvoices = 15_000;
  const specialInvoices = b.pending.length;
  const regular = count - SPECIALS.length;
  const largeRegularInvoices = LARGE_INVOICE_COUNT - bigInvoices - specialInvoices;
  let nextId = 1011;
  let zeroIds = 0;
  for (let i = 0; i < regular; i++) {
    nextId += r.chance(0.2) ? r.int(2, 4) : 1;
    const id = i % 61 === 30 ? `000${100 + zeroIds++}` : String(nextId); // a few ids with leading zeros
    const x = r.next();
    const category: AccountCategory = x < 0.6 ? 'Müşteri' : x < 0.85 ? 'Tedarikçi' : 'Bayi';
    const { province, district } = pickPlace(r);
    let name = makeName(r, province);
    for (let k = 0; names.has(name) && k < 4; k++) name = makeName(r, province);
    if (names.has(name)) name = `${name} (${district.charAt(0)}${district.slice(1).toLocaleLowerCase('tr-TR')})`;
    for (let k = 2; names.has(name); k++) name = `${name.replace(/ \(\d+\)$/, '')} (${k})`;
    const acc = newAccount(id, name, category, province, district);
    if (large) {
      // Spread the remaining invoices evenly; most accounts only carry an opening balance.
      const withInvoice = Math.floor(((i + 1) * largeRegularInvoices) / regular) > Math.floor((i * largeRegularInvoices) / regular);
      generateActivity(b, acc, { invoices: withInvoice ? 1 : 0, payments: withInvoice && r.chance(0.6) ? 1 : 0, payRatio: r.chance(0.3) ? 1 : 0.5, opening: r.chance(0.5), maxLines: 3 });
    } else {
      const y = r.next();
      const activity: Activity =
        y < 0.05 ? { invoices: 0, payments: 0, payRatio: 0, opening: false, maxLines: 1 }
        : y < 0.13 ? { invoices: r.int(2, 10), payments: r.int(1, 5), payRatio: 1, opening: r.chance(0.5), maxLines: 4 }
        : y < 0.18 ? { invoices: r.int(2, 8), payments: r.int(2, 5), payRatio: 1.1 + r.next() * 0.3, opening: false, maxLines: 3 }
        : { invoices: r.int(1, 22), payments: r.int(0, 14), payRatio: 0.45 + r.next() * 0.55, opening: r.chance(0.5), maxLines: 6 };
      generateActivity(b, acc, activity);
    }
  }
  if (bigAccount) {
    b.r = rand(seed + 104729);
    largeStatement(b, bigAccount, bigInvoices);
  }

  const invoices = numberInvoices(b);
  for (const acc of accounts) {
    acc.lines.sort((x, y) => (x.date < y.date ? -1 : x.date > y.date ? 1 : 0)); // stable: creation order within a day
    let balance = 0;
    for (const l of acc.lines) balance += l.debit - l.credit;
    acc.balance = balance;
  }
  applyForeignCurrency(accounts, SPECIALS.length, large ? 2 : 8);
  return {
    size,
    today,
    seed,
    accounts,
    accountById: new Map(accounts.map((a) => [a.id, a])),
    invoices,
    invoiceById: new Map(invoices.map((i) => [i.id, i])),
    generatedMs: Math.round(performance.now() - t0),
  };
}

// ---------------------------------------------------------------- foreign-currency accounts

/** TL per unit × 10,000 on a business date (deterministic, rising over time like the real rates). */
export function rateOf(currency: 'USD' | 'EUR', date: IsoDate): number {
  const k = dayNumber(date) - dayNumber(DATASET_START);
  const usd = 352_000 + 130 * k + ((k * 7919) % 300);
  return currency === 'USD' ? usd : divRoundHalfUp(usd * 109, 100);
}

/** Foreign amount of a TL amount at the day's rate, minor units, rounded half-up. */
export function foreignAmount(tl: Minor, currency: 'USD' | 'EUR', date: IsoDate): Minor {
  return divRoundHalfUp(tl * 10_000, rateOf(currency, date));
}

/** How many foreign-currency accounts each size has, and in which order the currencies are given. */
const FOREIGN_PLAN: ReadonlyArray<{ category: 'customer' | 'supplier'; currency: 'USD' | 'EUR' }> = [
  { category: 'customer', currency: 'USD' },
  { category: 'customer', currency: 'EUR' },
  { category: 'supplier', currency: 'USD' },
  { category: 'customer', currency: 'USD' },
  { category: 'supplier', currency: 'EUR' },
];

/**
 * Turns five ordinary accounts (the first that fit the plan, in list order after the special
 * accounts) into export/import accounts: every invoice and payment line also carries its currency and
 * its foreign amount at the day's rate; opening and virman lines stay TL (so such an account holds
 * two currencies). TL amounts, balances, invoices and the ERP's aging are unchanged.
 */
function applyForeignCurrency(accounts: DemoAccount[], from: number, minLines: number): void {
  const plan = [...FOREIGN_PLAN];
  for (let i = from; i < accounts.length && plan.length > 0; i++) {
    const acc = accounts[i]!;
    const customer = acc.category !== 'Tedarikçi';
    const at = plan.findIndex((p) => (p.category === 'customer') === customer);
    if (at < 0 || acc.lines.length < minLines || (customer ? acc.balance <= 0 : acc.balance >= 0)) continue;
    const { currency } = plan.splice(at, 1)[0]!;
    acc.currency = currency;
    let balance = 0;
    for (const l of acc.lines) {
      const tl = l.debit + l.credit;
      if (l.type === 'Açılış Fişi' || l.type === 'Virman') {
        l.currency = 'TL';
        l.currencyAmount = tl;
        continue;
      }
      l.currency = currency;
      l.currencyAmount = foreignAmount(tl, currency, l.date);
      balance += l.debit > 0 ? l.currencyAmount : -l.currencyAmount;
    }
    acc.currencyBalance = balance;
  }
}

const cache = new Map<string, DemoDataset>();
/** The dataset for these options, generated once per (size, today, seed) and cached. */
export function getDataset(options: DatasetOptions = {}): DemoDataset {
  const key = `${options.size ?? 'normal'}|${options.today ?? DEFAULT_TODAY}|${options.seed ?? DEFAULT_SEED}`;
  let ds = cache.get(key);
  if (!ds) {
    ds = generateDataset(options);
    cache.set(key, ds);
  }
  return ds;
}
