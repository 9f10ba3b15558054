/**
 * A document of an account (statement, open items or vade farkı) as PDF e-mailed to its contact
 * (the tahsilat address, else the mutabakat one) from the account page, through the one outbox, logged in its activity.
 */
import { randomUUID } from 'node:crypto';
import { mails } from '../db/schema';
import { enqueue } from '../jobs/queue';
import type { AppCtx } from '../app/context';
import type { Actor } from '../mutabakat/events';
import { badRequest, conflict, MutError } from '../app/errors';
import { formatDate } from '../../src/domain/format';
import { todayIso } from '../../src/domain/dates';
import { documentNumberKey } from '../../src/domain/document-number';
import { figuresOf, readSnapshot } from './figures';
import { accountCurrencies } from '../../src/domain/ledger';
import { attachmentName, DOC_KINDS, DOC_NAMES, documentPdf, type DocKind } from './documents';
import { collectAddress, TAHSILAT_CAMPAIGN } from './reminders';
import { logActivity } from './store';
import { mailHtml } from './mail';

export async function emailStatement(ctx: AppCtx, accountId: string, body: unknown, by: Actor): Promise<{ mailId: string }> {
  const kind = ((body as { kind?: unknown } | null)?.kind ?? 'openItems') as DocKind;
  if (!DOC_KINDS.includes(kind))
    throw badRequest([{ field: 'kind', message: 'Gönderilecek belge ekstre (statement), açık kalemler (openItems) ya da vade farkı (lateInterest) olmalı.' }]);
  if (ctx.transport.mode === 'disabled') throw conflict('E-posta gönderilemiyor: sunucuda SMTP_URL ayarlanmamış.');
  const addr = await collectAddress(ctx, accountId);
  if (!addr.to.length) throw conflict('Bu hesabın tahsilat ya da mutabakat e-posta adresi yok; önce adres girin.');
  const now = ctx.now();
  const today = todayIso(now);
  let st;
  try {
    st = await ctx.erp.statement(accountId);
  } catch {
    throw new MutError('db_unavailable', 'ERP’ye ulaşılamadığı için belge hazırlanamadı; e-posta gönderilmedi.');
  }
  const name = (await readSnapshot(ctx)).snapshot?.names.get(accountId) ?? accountId;
  const f = figuresOf(accountId, name, st, today);
  if (!f && kind !== 'statement') throw conflict('Bu hesabın açık kalemi yok; gönderilecek bir şey yok.');
  const pdf = await documentPdf(kind, {
    company: ctx.company.title,
    account: { id: accountId, name },
    lines: st.lines,
    docKey: documentNumberKey(st.extraColumns),
    currencies: accountCurrencies(st.lines),
    asOf: today,
    now,
  });
  const what = { openItems: 'açık kalemleri', lateInterest: 'vade farkı hesabı', statement: 'hesap ekstresi' }[kind];
  const text = `Sayın ${addr.person || 'Yetkili'},\n\n${name} hesabınızın ${formatDate(today)} tarihli ${what} ektedir.\n\nSaygılarımızla,\n${ctx.company.title}`;
  const mailId = randomUUID();
  await ctx.db.transaction(async (tx) => {
    await tx.insert(mails).values({
      id: mailId,
      letterId: `statement:${mailId}`,
      campaignId: TAHSILAT_CAMPAIGN,
      accountId,
      kind: 'tahsilat',
      to: addr.to,
      cc: addr.cc,
      subject: `${DOC_NAMES[kind]} ${formatDate(today)} — ${ctx.company.title}`,
      html: mailHtml(
        text,
        (f?.overdue ?? []).filter((c) => c.overdue > 0).map((c) => ({ currency: c.currency, overdue: c.overdue, oldestDays: c.oldestDays })),
      ),
      text,
      link: null,
      attachmentName: attachmentName(kind, name, today),
      state: 'queued',
      createdAt: now,
      nextAttemptAt: now,
      pdf,
    });
    await enqueue(tx, 'send', { mailId }, now);
    await logActivity(tx, accountId, now, by, 'statement', `${DOC_NAMES[kind]} PDF’i e-postayla gönderildi: ${addr.to.join(', ')}`, null, {
      mailId,
      document: kind,
    });
  });
  return { mailId };
}
