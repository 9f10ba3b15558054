/** An account's open items as PDF e-mailed to its contact from the account page, logged in its activity. */
import { randomUUID } from 'node:crypto';
import { mails } from '../db/schema';
import { enqueue } from '../jobs/queue';
import type { MutCtx } from '../mutabakat/context';
import type { Actor } from '../mutabakat/events';
import { badRequest, conflict, MutError } from '../mutabakat/errors';
import { formatDate } from '../../src/domain/format';
import { todayIso } from '../../src/domain/dates';
import { accountCurrencies, figuresOf, readSnapshot } from './figures';
import { openItemsPdf } from './documents';
import { collectAddress, TAHSILAT_CAMPAIGN } from './reminders';
import { logActivity } from './store';
import { mailHtml } from './mail';

export async function emailStatement(ctx: MutCtx, accountId: string, body: unknown, by: Actor): Promise<{ mailId: string }> {
  const kind = (body as { kind?: unknown } | null)?.kind ?? 'openItems';
  if (kind !== 'openItems') throw badRequest([{ field: 'kind', message: 'Şimdilik yalnız açık kalemler (openItems) e-postayla gönderilebilir.' }]);
  if (ctx.transport.mode === 'disabled') throw conflict('E-posta gönderilemiyor: sunucuda SMTP_URL ayarlanmamış.');
  const addr = await collectAddress(ctx, accountId);
  if (!addr.to.length) throw conflict('Bu hesabın tahsilat ya da mutabakat e-posta adresi yok; önce adres girin.');
  const now = ctx.now();
  const today = todayIso(now);
  let f;
  try {
    f = figuresOf(accountId, (await readSnapshot(ctx)).snapshot?.names.get(accountId) ?? accountId, await ctx.erp.statement(accountId), today);
  } catch {
    throw new MutError('db_unavailable', 'ERP’ye ulaşılamadığı için ekstre hazırlanamadı; e-posta gönderilmedi.');
  }
  if (!f) throw conflict('Bu hesabın açık kalemi yok; gönderilecek bir şey yok.');
  const currencies = accountCurrencies(f.lines);
  const pdf = await openItemsPdf(ctx.company.title, { id: accountId, name: f.name }, f.lines, f.docKey, currencies, today, now);
  const text = `Sayın ${addr.person || 'Yetkili'},\n\n${f.name} hesabınızın ${formatDate(today)} tarihli açık kalemleri ektedir.\n\nSaygılarımızla,\n${ctx.company.title}`;
  const mailId = randomUUID();
  await ctx.db.transaction(async (tx) => {
    await tx.insert(mails).values({
      id: mailId, letterId: `statement:${mailId}`, campaignId: TAHSILAT_CAMPAIGN, accountId, kind: 'tahsilat', to: addr.to, cc: addr.cc, subject: `Açık kalemler ${formatDate(today)} — ${ctx.company.title}`,
      html: mailHtml(text, f.overdue.filter((c) => c.overdue > 0).map((c) => ({ currency: c.currency, overdue: c.overdue, oldestDays: c.oldestDays }))), text, link: null,
      attachmentName: `Açık kalemler - ${f.name.replace(/[\\/:*?"<>|\r\n\t]+/g, ' ').slice(0, 80)} - ${formatDate(today)}.pdf`, state: 'queued', createdAt: now, nextAttemptAt: now, pdf,
    });
    await enqueue(tx, 'send', { mailId }, now);
    await logActivity(tx, accountId, now, by, 'statement', `Açık kalemler PDF’i e-postayla gönderildi: ${addr.to.join(', ')}`, null, { mailId });
  });
  return { mailId };
}
