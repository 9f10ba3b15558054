/**
 * A reminder template filled for a real customer (the settings screen's preview): its overdue
 * figures from the ERP through the one ledger engine, its contact person, our company — the text the
 * mail would carry. A field the template may not use is named (nothing is filled half).
 */
import type { AppCtx } from '../app/context';
import { badRequest, MutError } from '../app/errors';
import { todayIso } from '../../src/domain/dates';
import { figuresOf, readSnapshot } from './figures';
import { collectAddress, templateVars } from './reminders';
import { fillTemplate, unknownFields } from './settings';
import { mailHtml } from './mail';

export async function previewTemplate(ctx: AppCtx, body: unknown): Promise<{ subject: string; text: string; html: string; name: string }> {
  const b = (body && typeof body === 'object' ? body : {}) as Record<string, unknown>;
  const subject = typeof b.subject === 'string' ? b.subject : '';
  const text = typeof b.body === 'string' ? b.body : '';
  const accountId = typeof b.accountId === 'string' ? b.accountId.trim() : '';
  const problems = [...unknownFields(subject, 'subject'), ...unknownFields(text, 'body')];
  if (!/^[0-9]{1,18}$/.test(accountId)) problems.push({ field: 'accountId', message: 'Önizleme için bir müşteri seçin.' });
  if (problems.length) throw badRequest(problems);
  let st;
  try {
    st = await ctx.erp.statement(accountId);
  } catch {
    throw new MutError('db_unavailable', 'ERP’ye ulaşılamadığı için müşterinin tutarları okunamadı; önizleme yapılamadı.');
  }
  const name = (await readSnapshot(ctx)).snapshot?.names.get(accountId) ?? accountId;
  const f = figuresOf(accountId, name, st, todayIso(ctx.now()));
  const overdue = (f?.side === 'receivable' ? f.overdue : [])
    .filter((c) => c.overdue > 0)
    .map((c) => ({ currency: c.currency, overdue: c.overdue, oldestDays: c.oldestDays }));
  const addr = await collectAddress(ctx, accountId);
  const vars = templateVars(name, addr.person, overdue, ctx.company.title);
  const filled = fillTemplate(text, vars);
  return { subject: fillTemplate(subject, vars), text: filled, html: mailHtml(filled, overdue), name };
}
