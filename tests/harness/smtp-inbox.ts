/**
 * An SMTP inbox on 127.0.0.1 (smtp-server, a free port) for the tests and the bench: every mail that
 * arrives is read back with mailparser (`parse: false` only counts them, for the bench's thousand mails).
 * `refuse` makes the server refuse matching recipients at RCPT TO with a 550, as a real server does;
 * `busy` answers the next mails 421 (a relay that asks to try later); `delayMs` accepts each mail that much later (a slow relay).
 */
import type { AddressInfo } from 'node:net';
import { SMTPServer, type SMTPServerOptions } from 'smtp-server';
import { simpleParser, type ParsedMail } from 'mailparser';

export interface Inbox {
  /** `smtp://127.0.0.1:<port>`, for the mail transport. */
  url: string;
  port: number;
  /** The mails read back, in arrival order (empty with `parse: false`). */
  mails: ParsedMail[];
  /** How many mails arrived (parsed or not). */
  count: number;
  /** Refuse recipients matching this (5xx at RCPT). */
  refuse: RegExp | null;
  /** The next this many mails are answered 421 (try again later) at RCPT, as a busy relay does. */
  busy: number;
  /** Each mail's data is accepted only after this long (a slow company relay). */
  delayMs: number;
  /** The mails once `n` have arrived, or those there are after `ms`. */
  waitFor(n: number, ms?: number): Promise<ParsedMail[]>;
  /** Empty the inbox and accept every recipient again (between tests). */
  clear(): void;
  close(): Promise<void>;
}

export async function smtpInbox(opts: { port?: number; parse?: boolean } = {}): Promise<Inbox> {
  const parse = opts.parse ?? true;
  let arrived: (() => void) | null = null;
  const inbox: Inbox = {
    url: '',
    port: 0,
    mails: [],
    count: 0,
    refuse: null,
    busy: 0,
    delayMs: 0,
    async waitFor(n, ms = 10_000) {
      const end = Date.now() + ms;
      const have = () => (parse ? inbox.mails.length : inbox.count);
      while (have() < n && Date.now() < end) {
        // Woken by the next mail, or at the deadline: no polling interval to wait out.
        await new Promise<void>((ok) => {
          const timer = setTimeout(ok, end - Date.now());
          arrived = () => {
            clearTimeout(timer);
            ok();
          };
        });
        arrived = null;
      }
      return inbox.mails;
    },
    clear() {
      inbox.mails.length = 0;
      inbox.count = 0;
      inbox.refuse = null;
      inbox.busy = 0;
      inbox.delayMs = 0;
    },
    close: async () => undefined,
  };
  const received = (m?: ParsedMail) => {
    if (m) inbox.mails.push(m);
    inbox.count++;
    arrived?.();
  };
  const options: SMTPServerOptions = {
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    size: 30 << 20,
    onRcptTo(address, _s, cb) {
      if (inbox.refuse?.test(address.address)) return cb(Object.assign(new Error('550 5.1.1 Böyle bir posta kutusu yok'), { responseCode: 550 }));
      if (inbox.busy > 0) {
        inbox.busy--;
        return cb(Object.assign(new Error('421 4.7.0 Sunucu meşgul, daha sonra deneyin'), { responseCode: 421 }));
      }
      cb();
    },
    onData(stream, _s, cb) {
      if (!parse) {
        stream.resume();
        stream.on('end', () => {
          received();
          cb();
        });
        return;
      }
      simpleParser(stream).then(
        (m) => {
          const done = () => {
            received(m);
            cb();
          };
          if (inbox.delayMs > 0) setTimeout(done, inbox.delayMs);
          else done();
        },
        (e: Error) => cb(e),
      );
    },
  };
  const server = new SMTPServer(options);
  await new Promise<void>((ok) => server.listen(opts.port ?? 0, '127.0.0.1', () => ok()));
  inbox.port = (server.server.address() as AddressInfo).port;
  inbox.url = `smtp://127.0.0.1:${inbox.port}`;
  inbox.close = () => new Promise<void>((ok) => server.close(() => ok()));
  return inbox;
}
