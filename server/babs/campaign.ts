/**
 * The BA/BS kind of a campaign (docs/babs.md): its creation body (a finished month, the list's
 * threshold, the counterparts), the figures a letter row shows (ours, theirs per our form, the
 * difference per form and field) and the staff-recorded answer's figures. The rest of the machinery
 * (jobs, outbox, reminders, reply tokens, events) is the cari mutabakat's own.
 */
import { monthName, monthRange, parseMonth } from '../../src/domain/babs/month';
import { emptyFigures, FORMS, type BabsFigures } from '../../src/domain/babs/reconcile';
import { todayIso } from '../../src/domain/dates';
import { badRequest, type Problem } from '../app/errors';
import { checkCampaign, type CampaignInput } from '../mutabakat/campaigns';

export const isBabsBody = (body: unknown): boolean => !!body && typeof body === 'object' && (body as { kind?: unknown }).kind === 'babs';

/**
 * `{ kind: 'babs', month: 'YYYY-MM', threshold?: kuruş, forms?: ['bs'|'ba'], accountIds, deadline, reminderDays?, name?, send? }`:
 * the as-of date is the month's last day; the month must have ended (the list's own rule).
 */
export function checkBabsCampaign(body: unknown, now: Date): CampaignInput {
  const b = body as Record<string, unknown>;
  const problems: Problem[] = [];
  const month = parseMonth(typeof b.month === 'string' ? b.month : '', todayIso(now));
  const monthGiven = typeof b.month === 'string' && b.month.trim() !== '';
  if (!monthGiven) problems.push({ field: 'month', message: 'BA/BS dönemi (ay, ör. 10.2026) gerekli.' });
  else if (!month.ok) problems.push({ field: 'month', message: month.message });
  const threshold = b.threshold === undefined ? 500_000 : b.threshold;
  if (!Number.isSafeInteger(threshold) || (threshold as number) <= 0)
    problems.push({ field: 'threshold', message: 'Bildirim sınırı kuruş olarak sıfırdan büyük bir tam sayı olmalı.' });
  const forms = b.forms === undefined ? ['bs', 'ba'] : b.forms;
  if (!Array.isArray(forms) || forms.length === 0 || forms.some((f) => f !== 'bs' && f !== 'ba'))
    problems.push({ field: 'forms', message: 'Form “bs” ya da “ba” olmalı.' });
  const asOf = month.ok && monthGiven ? monthRange(month.month).to : '2000-01-31';
  let base: CampaignInput | null = null;
  try {
    base = checkCampaign({ ...b, asOf, options: {} });
  } catch (e) {
    const inner = (e as { problems?: Problem[] }).problems;
    if (!inner) throw e;
    problems.push(
      ...inner
        .filter((p) => p.field !== 'asOf')
        .map((p) =>
          p.field === 'deadline' && p.message.includes('önce') ? { field: 'deadline', message: 'Son yanıt tarihi dönemin son gününden önce olamaz.' } : p,
        ),
    );
  }
  if (problems.length || !base || !month.ok) throw badRequest(problems);
  return {
    ...base,
    kind: 'babs',
    name: base.name || `${monthName(month.month)} BA/BS mutabakatı`,
    options: { statementLines: false, openItems: false, from: null, babs: { threshold: threshold as number, forms: [...new Set(forms as ('bs' | 'ba')[])] } },
  };
}

/** A staff-recorded answer's figures: `babs: { bs: { count, amount }, ba: { count, amount } }` (their figures per our form, kuruş). */
export function checkBabsFigures(raw: unknown, problems: Problem[]): BabsFigures {
  const out = emptyFigures();
  const b = (raw && typeof raw === 'object' ? raw : null) as Record<string, unknown> | null;
  if (!b) {
    problems.push({ field: 'babs', message: 'Karşı tarafın belge sayısı ve KDV hariç tutarı (Ba ve Bs için) girilmeli.' });
    return out;
  }
  for (const f of FORMS) {
    const x = (b[f] ?? {}) as Record<string, unknown>;
    if (!Number.isSafeInteger(x.count) || (x.count as number) < 0 || (x.count as number) > 1_000_000)
      problems.push({ field: `babs.${f}.count`, message: 'Belge sayısı 0 ya da daha büyük bir tam sayı olmalı.' });
    if (!Number.isSafeInteger(x.amount) || (x.amount as number) < 0)
      problems.push({ field: `babs.${f}.amount`, message: 'KDV hariç tutar 0 ya da daha büyük olmalı (kuruş).' });
    out[f] = { count: Number(x.count) || 0, net: Number(x.amount) || 0 };
  }
  return out;
}
