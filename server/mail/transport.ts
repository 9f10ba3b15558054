/**
 * How a mail leaves: nodemailer over SMTP_URL; the demo outbox (demo mode without SMTP_URL: nothing
 * leaves, the app shows the mail); or nothing (outside demo without SMTP_URL: sending refused).
 */
import nodemailer from 'nodemailer';

export interface OutgoingMail {
  from: string;
  replyTo?: string;
  to: string[];
  cc: string[];
  subject: string;
  text: string;
  html: string;
  /** None: a notice (an auditor's invitation, a reply page's code). */
  attachment?: { fileName: string; content: Buffer };
  /** Further PDFs (a BA/BS letter's documents list). */
  moreAttachments?: { fileName: string; content: Buffer }[];
}

export interface SendResult {
  messageId: string;
  response: string;
}

/** A failure with the SMTP answer; `permanent` for a 5xx (the address is refused: no retry). */
export class SendError extends Error {
  constructor(
    message: string,
    readonly permanent: boolean,
  ) {
    super(message);
    this.name = 'SendError';
  }
}

export interface MailTransport {
  mode: 'smtp' | 'outbox' | 'disabled';
  send(mail: OutgoingMail): Promise<SendResult>;
  close(): void;
}

export function smtpTransport(url: string): MailTransport {
  const t = nodemailer.createTransport(url, {
    pool: true,
    maxConnections: 8,
    maxMessages: 500,
    connectionTimeout: 10_000,
    greetingTimeout: 10_000,
    socketTimeout: 30_000,
  } as never);
  return {
    mode: 'smtp',
    async send(m) {
      try {
        const info = await t.sendMail({
          from: m.from,
          ...(m.replyTo ? { replyTo: m.replyTo } : {}),
          to: m.to,
          cc: m.cc.length ? m.cc : undefined,
          subject: m.subject,
          text: m.text,
          html: m.html,
          attachments: [...(m.attachment ? [m.attachment] : []), ...(m.moreAttachments ?? [])].map((a) => ({
            filename: a.fileName,
            content: a.content,
            contentType: 'application/pdf',
          })),
        });
        // A recipient refused while another (a Cc) was taken: the letter has not reached the account.
        const rejected = ((info as { rejected?: unknown[] }).rejected ?? []).map((r) =>
          String(typeof r === 'object' && r && 'address' in r ? (r as { address: string }).address : r).toLowerCase(),
        );
        const why = (info as { rejectedErrors?: { response?: string }[] }).rejectedErrors?.[0]?.response ?? '550 alıcı reddedildi';
        if (m.to.every((a) => rejected.includes(a.toLowerCase()))) throw new SendError(String(why).slice(0, 500), true);
        return { messageId: info.messageId, response: `${String(info.response ?? '')}${rejected.length ? `; reddedilen: ${rejected.join(', ')}` : ''}` };
      } catch (e) {
        if (e instanceof SendError) throw e;
        const err = e as { responseCode?: number; response?: string; code?: string; message?: string };
        const answer = err.response ? String(err.response) : `${err.code ?? 'ERROR'}: ${String(err.message ?? '').slice(0, 200)}`;
        throw new SendError(answer.slice(0, 500), typeof err.responseCode === 'number' && err.responseCode >= 500);
      }
    },
    close: () => t.close(),
  };
}

let demoCount = 0;
export const outboxTransport = (): MailTransport => ({
  mode: 'outbox',
  async send() {
    demoCount++;
    return { messageId: `<demo-${Date.now().toString(36)}-${demoCount}@cari-ekran.invalid>`, response: '250 demo: uygulama içi giden kutusuna kondu' };
  },
  close: () => undefined,
});

export const disabledTransport = (): MailTransport => ({
  mode: 'disabled',
  send() {
    return Promise.reject(new SendError('SMTP_URL ayarlanmamış', false));
  },
  close: () => undefined,
});
