/**
 * A notice through the one outbox (server/mail/outbox.ts): no attachment, not a letter's mail — the
 * auditor's invitation, a reply page's identity code, the auditor told of a locked letter. Each is a
 * mails row and a 'send' job like every mail: tried on the one schedule, every try kept with the relay's
 * answer. These mails belong to the engagement (campaign 'den-…'): the company's outbox does not list them.
 */
import { randomUUID } from 'node:crypto';
import type { Db } from '../db/open';
import { jobs, mails } from '../db/schema';

type Tx = Pick<Db, 'insert'>;

export interface Notice {
  campaignId: string;
  /** The letter it is about (an engagement-wide notice: the engagement's id). */
  letterId: string;
  accountId?: string;
  kind: 'audit_invite' | 'reply_code' | 'audit_locked';
  to: string[];
  subject: string;
  text: string;
  /** A link the HTML shows as a button, or a code: in the stored copy only while the mail waits (the outbox redacts it once sent). */
  link?: string;
  replyTo?: string;
}

const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

export async function noticeMail(tx: Tx, n: Notice, now: Date): Promise<string> {
  const id = randomUUID();
  const paragraphs = n.text.split('\n\n').map((para) =>
    para
      .split('\n')
      .map((line) =>
        n.link && line === n.link && /^https?:/.test(n.link)
          ? `<a href="${escapeHtml(n.link)}" style="display:inline-block;padding:10px 18px;background:#0b5cad;color:#fff;text-decoration:none;border-radius:4px">Bağlantıyı aç</a><br><span style="font-size:12px;color:#444">${escapeHtml(n.link)}</span>`
          : escapeHtml(line),
      )
      .join('<br>'),
  );
  const html = [
    `<!doctype html><html lang="tr"><head><meta charset="utf-8"><title>${escapeHtml(n.subject)}</title></head>`,
    '<body style="font-family:Arial,Helvetica,sans-serif;font-size:14px;color:#111;line-height:1.45">',
    ...paragraphs.map((p) => `<p style="margin:0 0 12px">${p}</p>`),
    '</body></html>',
  ].join('\n');
  await tx.insert(mails).values({
    id,
    letterId: n.letterId,
    campaignId: n.campaignId,
    accountId: n.accountId ?? '',
    kind: n.kind,
    to: n.to,
    cc: [],
    subject: n.subject,
    html,
    text: n.text,
    link: n.link ?? null,
    attachmentName: '',
    state: 'queued',
    createdAt: now,
    nextAttemptAt: now,
    replyTo: n.replyTo ?? null,
  });
  await tx.insert(jobs).values({ kind: 'send', payload: { mailId: id }, runAt: now, state: 'queued', createdAt: now });
  return id;
}
