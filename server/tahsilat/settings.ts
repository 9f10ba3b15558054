/**
 * Collections settings, kept in the database and editable in the app: the promise grace, the
 * minimum interval between two reminders, and the reminder levels with their Turkish templates.
 * Template fields: {musteri} {yetkili} {tutarlar} {en_eski_gun} {sirket} {kalemler}.
 */
import { eq } from 'drizzle-orm';
import type { Db } from '../db/open';
import { collectSettings } from '../db/schema';
import { badRequest, type Problem } from '../app/errors';
import type { Actor } from '../mutabakat/events';

export interface ReminderLevel {
  level: number;
  /** Days the oldest item is past due. */
  days: number;
  /** email: proposed by the daily job and sent after review (or at once with auto); manual: a task for the owner. */
  kind: 'email' | 'manual';
  auto: boolean;
  attach: 'openItems' | 'lateInterest' | 'none';
  subject: string;
  body: string;
}

export interface CollectSettings {
  graceDays: number;
  minIntervalDays: number;
  levels: ReminderLevel[];
}

export const TEMPLATE_FIELDS = ['musteri', 'yetkili', 'tutarlar', 'en_eski_gun', 'sirket', 'kalemler'] as const;

/** What each field becomes (the settings screen lists them). */
export const FIELD_HELP: Record<(typeof TEMPLATE_FIELDS)[number], string> = {
  musteri: 'Müşterinin (carinin) adı',
  yetkili: 'Müşteri tarafındaki yetkili (mutabakat iletişimindeki kişi; yoksa “Yetkili”)',
  tutarlar: 'Vadesi geçmiş tutarlar, para birimi başına (ör. 12.500,00 TL ve 1.200,00 USD)',
  en_eski_gun: 'En eski vadesi geçmiş kalemin gün sayısı',
  sirket: 'Bizim şirketimizin adı',
  kalemler: 'Para birimi başına vadesi geçmiş tutar, her biri ayrı satırda',
};

/** Fields a template uses that do not exist ({firma}, {tutar}): named, with the ones it may use. */
export function unknownFields(text: string, field: string): Problem[] {
  const out: Problem[] = [];
  for (const m of text.matchAll(/\{([^}]*)\}/g)) {
    if (!(TEMPLATE_FIELDS as readonly string[]).includes(m[1]!))
      out.push({ field, message: `{${m[1]}} bilinen bir alan değil; kullanılabilenler: ${TEMPLATE_FIELDS.map((f) => `{${f}}`).join(' ')}.` });
  }
  return out;
}

export const DEFAULT_SETTINGS: CollectSettings = {
  graceDays: 3,
  minIntervalDays: 7,
  levels: [
    {
      level: 1,
      days: 7,
      kind: 'email',
      auto: false,
      attach: 'openItems',
      subject: 'Vadesi geçmiş ödemeleriniz hakkında — {sirket}',
      body: 'Sayın {yetkili},\n\n{musteri} hesabınızda vadesi geçmiş {tutarlar} tutarında ödeme görünmektedir (en eski {en_eski_gun} gün). Açık kalemlerin listesi ektedir.\n\nÖdemeyi yaptıysanız bu mesajı dikkate almayınız. Bir sorun varsa lütfen bize bildiriniz.\n\nSaygılarımızla,\n{sirket}',
    },
    {
      level: 2,
      days: 30,
      kind: 'email',
      auto: false,
      attach: 'lateInterest',
      subject: 'İkinci hatırlatma: vadesi geçmiş ödemeler — {sirket}',
      body: 'Sayın {yetkili},\n\n{musteri} hesabınızda {en_eski_gun} gündür ödenmeyen {tutarlar} tutarında borç bulunmaktadır. Önceki hatırlatmamıza karşın ödeme alamadık. Vade farkı hesabı ektedir.\n\nÖdemenin en kısa sürede yapılmasını rica ederiz.\n\n{sirket}',
    },
    { level: 3, days: 60, kind: 'manual', auto: false, attach: 'none', subject: '', body: 'Sorumlu arasın; gerekirse hukuki takip.' },
  ],
};

export async function loadSettings(db: Db): Promise<CollectSettings> {
  const row = (await db.select().from(collectSettings).where(eq(collectSettings.id, 1)))[0];
  return row ? (row.value as unknown as CollectSettings) : DEFAULT_SETTINGS;
}

export function checkSettings(body: unknown): CollectSettings {
  const b = (body && typeof body === 'object' ? body : {}) as Record<string, unknown>;
  const problems: Problem[] = [];
  const int = (v: unknown, field: string, min: number, max: number, label: string) => {
    if (!Number.isInteger(v) || (v as number) < min || (v as number) > max)
      problems.push({ field, message: `${label} ${min} ile ${max} arasında bir tam sayı olmalı.` });
    return Number(v);
  };
  const graceDays = int(b.graceDays, 'graceDays', 0, 60, 'Söz için ek süre (gün)');
  const minIntervalDays = int(b.minIntervalDays, 'minIntervalDays', 1, 90, 'İki hatırlatma arası en az (gün)');
  const levels = Array.isArray(b.levels) ? (b.levels as Record<string, unknown>[]) : [];
  if (levels.length < 1 || levels.length > 6) problems.push({ field: 'levels', message: '1 ile 6 arasında seviye olmalı.' });
  const out = levels.map((l, i): ReminderLevel => {
    const days = int(l.days, `levels[${i}].days`, 1, 3650, `${i + 1}. seviyenin gün sayısı`);
    const kind = l.kind === 'manual' ? 'manual' : 'email';
    const subject = typeof l.subject === 'string' ? l.subject.trim() : '';
    const body2 = typeof l.body === 'string' ? l.body : '';
    for (const [field, text] of [
      ['subject', subject],
      ['body', body2],
    ] as const)
      problems.push(...unknownFields(text, `levels[${i}].${field}`));
    if (kind === 'email' && (!subject || !body2.trim()))
      problems.push({ field: `levels[${i}]`, message: `${i + 1}. seviye e-posta: konu ve metin boş olamaz.` });
    if (i > 0 && days <= Number(levels[i - 1]!.days)) problems.push({ field: `levels[${i}].days`, message: 'Seviyelerin gün sayısı artan sırada olmalı.' });
    const attach = l.attach === 'lateInterest' || l.attach === 'none' ? l.attach : 'openItems';
    return { level: i + 1, days, kind, auto: l.auto === true, attach, subject, body: body2 };
  });
  if (problems.length) throw badRequest(problems);
  return { graceDays, minIntervalDays, levels: out };
}

export async function saveSettings(db: Db, s: CollectSettings, by: Actor, at: Date): Promise<void> {
  const value = s as unknown as Record<string, unknown>;
  await db
    .insert(collectSettings)
    .values({ id: 1, value, updatedAt: at, updatedBy: by.userName })
    .onConflictDoUpdate({ target: collectSettings.id, set: { value, updatedAt: at, updatedBy: by.userName } });
}

export const fillTemplate = (t: string, vars: Record<string, string>) => t.replace(/\{(\w+)\}/g, (m, k: string) => vars[k] ?? m);
