/**
 * Evidence that proves itself (issue 47, item 7). The engagement's chain read as the database prints it
 * and recomputed (server/audit/chain.ts); a per-letter evidence pack and the engagement's ZIP: the letter
 * PDF with its SHA-256, the approved address and who approved it, every mail with its Message-ID and the
 * relay's answers, opens, the identity checks, the answer and its attachments, the exception work, the
 * whole chain (olaylar.jsonl, each event with what was hashed) and a summary workbook.
 */
import ExcelJS from 'exceljs';
import JSZip from 'jszip';
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import { auditParties, letters, mailTries, mails, uploads } from '../db/schema';
import type { AppCtx } from '../app/context';
import type { Database } from '../db/open';
import { formatDate, formatDateTime, formatMoney } from '../../src/domain/format';
import { verifyChain, verdictText, type ChainVerdict, type StoredChainEvent } from './chain';
import { auditorLetters } from './exceptions';
import { attachmentName } from '../mutabakat/mail-compose';
import type { EngagementRow } from './engagement';

interface ChainRow {
  seq: string | number | null;
  prev_hash: string | null;
  hash: string | null;
  at_text: string;
  type: string;
  by_user: string | null;
  by_name: string | null;
  letter_id: string | null;
  account_id: string | null;
  detail_text: string;
}

/** Every event of the engagement, in chain order (one without a position — written past the chain — last, where verification names it). */
export async function readChain(d: Database, id: string): Promise<StoredChainEvent[]> {
  const rows = await d.rows<ChainRow>(sql`SELECT seq, prev_hash, hash, to_char(at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"') AS at_text,
    type, by_user, by_name, letter_id, account_id, detail::text AS detail_text FROM events WHERE campaign_id = ${id} ORDER BY seq NULLS LAST, id`);
  return rows.map((r) => ({
    seq: r.seq == null ? -1 : Number(r.seq),
    prevHash: r.prev_hash ?? '',
    hash: r.hash ?? '',
    atText: r.at_text,
    type: r.type,
    byUser: r.by_user,
    byName: r.by_name,
    letterId: r.letter_id,
    accountId: r.account_id,
    detailText: r.detail_text,
  }));
}

export async function verifyEngagement(d: Database, id: string): Promise<ChainVerdict & { text: string }> {
  const v = verifyChain(await readChain(d, id));
  return { ...v, text: verdictText(v) };
}

const safeName = (s: string) =>
  s
    .replace(/[\\/:*?"<>|\r\n\t]+/g, ' ')
    .replace(/\s+/g, ' ')
    .trim()
    .slice(0, 60);
const money = (list: readonly { currency: string; balance: number; side?: string }[] | null | undefined) =>
  (list ?? []).map((m) => `${formatMoney(Math.abs(m.balance))} ${m.currency}${m.side ? ` ${m.side}` : ''}`).join('; ');

type AuditorLetter = Awaited<ReturnType<typeof auditorLetters>>['letters'][number];

/** One letter's evidence into `zip` under `dir`. */
async function letterPack(ctx: AppCtx, e: EngagementRow, l: AuditorLetter, chain: readonly StoredChainEvent[], zip: JSZip, dir: string): Promise<void> {
  const row = (await ctx.db.select({ pdf: letters.pdf }).from(letters).where(eq(letters.id, l.id)))[0];
  const party = (
    await ctx.db
      .select()
      .from(auditParties)
      .where(and(eq(auditParties.engagementId, e.id), eq(auditParties.accountId, l.accountId)))
  )[0];
  const mailRows = await ctx.db
    .select({
      id: mails.id,
      kind: mails.kind,
      to: mails.to,
      subject: mails.subject,
      state: mails.state,
      messageId: mails.messageId,
      smtp: mails.smtp,
      sentAt: mails.sentAt,
      maybeTwice: mails.maybeTwice,
    })
    .from(mails)
    .where(eq(mails.letterId, l.id))
    .orderBy(asc(mails.createdAt));
  const tries = mailRows.length
    ? await ctx.db
        .select()
        .from(mailTries)
        .where(
          inArray(
            mailTries.mailId,
            mailRows.map((m) => m.id),
          ),
        )
        .orderBy(asc(mailTries.id))
    : [];
  const files = await ctx.db.select().from(uploads).where(eq(uploads.letterId, l.id));
  if (row?.pdf) zip.file(`${dir}/${attachmentName(l.accountName, l.accountId, e.periodEnd)}`, row.pdf);
  zip.file(`${dir}/mektup.sha256.txt`, `${l.pdfSha256 ?? ''}  ${attachmentName(l.accountName, l.accountId, e.periodEnd)}\n`);
  for (const f of files) zip.file(`${dir}/ekler/${f.id.slice(0, 8)} ${f.fileName}`, f.bytes);
  const own = chain.filter((x) => x.letterId === l.id || (x.letterId === null && x.accountId === l.accountId));
  const evidence = {
    engagement: { id: e.id, firm: e.firm, engagementNo: e.engagementNo, periodEnd: e.periodEnd },
    account: { id: l.accountId, name: l.accountName },
    letter: { id: l.id, state: l.state, pdfSha256: l.pdfSha256, ours: l.ours, sentAt: l.sentAt },
    address: party && {
      approved: party.address,
      taxId: party.taxId,
      proposed: party.proposed,
      source: party.source,
      flags: party.flags,
      approvedBy: party.approvedBy,
      approvedAt: party.approvedAt?.toISOString() ?? null,
    },
    mails: mailRows.map((m) => ({
      ...m,
      sentAt: m.sentAt?.toISOString() ?? null,
      tries: tries
        .filter((t) => t.mailId === m.id)
        .map((t) => ({ attempt: t.attempt, at: t.at.toISOString(), ok: t.ok, smtp: t.smtp, messageId: t.messageId })),
    })),
    opened: own.filter((x) => x.type === 'opened').map((x) => ({ at: x.atText, detail: JSON.parse(x.detailText) as unknown })),
    identity: l.identityEvents,
    answer: l.answer,
    difference: l.difference,
    attachments: files.map((f) => ({
      id: f.id,
      fileName: f.fileName,
      size: f.size,
      sha256: f.sha256,
      by: f.byUser ?? 'karşı taraf',
      at: f.createdAt.toISOString(),
    })),
    exceptions: l.exceptions,
    work: l.work,
    closed: l.closed,
    chain: own.map((x) => ({ seq: x.seq, type: x.type, hash: x.hash })),
  };
  zip.file(`${dir}/kanit.json`, JSON.stringify(evidence, null, 2));
}

const README = (
  e: EngagementRow,
  v: ChainVerdict & { text: string },
) => `Bağımsız denetim teyit kanıtları — ${e.firm}, ${e.engagementNo}, dönem sonu ${formatDate(e.periodEnd)}

${v.text}

İçindekiler
- ozet.xlsx: istenen / yanıtlanan / mutabık / farklı / yanıtsız sayıları, örneklemin kapsaması, mektup listesi.
- olaylar.jsonl: denetimin bütün olayları, sırasıyla; her satırda olayın özeti (hash) ve bir öncekinin özeti (prevHash).
- mektuplar/<Firma ID> <unvan>/: mektup PDF'i ve SHA-256'sı, kanit.json (onaylanan adres ve onaylayan, e-postalar ve SMTP yanıtları, açılışlar, kimlik doğrulama, yanıt, ekler, istisna çalışması), ekler/.

Zinciri bağımsız doğrulamak için: her olay için SHA-256( prevHash \\n seq \\n at \\n type \\n byUser \\n byName \\n letterId \\n accountId \\n detail ) hesaplanır
(boş alanlar boş satır; UTF-8); sonuç olayın hash'ine, hash de bir sonrakinin prevHash'ine eşit olmalı; ilk prevHash 64 sıfırdır.
`;

async function summaryXlsx(e: EngagementRow, list: readonly AuditorLetter[]): Promise<Buffer> {
  const wb = new ExcelJS.Workbook();
  const ws = wb.addWorksheet('Özet');
  const count = (f: (l: AuditorLetter) => boolean) => list.filter(f).length;
  ws.addRow([`${e.firm} — ${e.engagementNo} — dönem sonu ${formatDate(e.periodEnd)}`]).font = { bold: true };
  ws.addRow([]);
  for (const [k, v] of [
    ['İstenen (gönderilen mektup)', list.length],
    ['Yanıtlanan', count((l) => !!l.answer)],
    ['Mutabık', count((l) => l.state === 'agreed')],
    ['Farklı bakiye', count((l) => l.state === 'disagreed')],
    ['Yanıtsız', count((l) => !l.answer)],
    ['İstisna', count((l) => l.exceptions.length > 0)],
    ['Kimlik doğrulaması kilitlenen', count((l) => l.identityEvents.some((x) => x.type === 'identity_locked'))],
  ] as const)
    ws.addRow([k, v]);
  ws.addRow([]);
  ws.addRow(['Kapsama', 'Taraf', 'Para birimi', 'Ana kütle adedi', 'Ana kütle tutarı', 'Seçilen adet', 'Seçilen tutar', 'Kapsama %']).font = { bold: true };
  for (const c of e.sample?.coverage ?? []) {
    ws.addRow([
      '',
      c.side === 'B' ? 'Alacaklar (borçlu cariler)' : 'Borçlar (alacaklı cariler)',
      c.currency,
      c.populationCount,
      formatMoney(Number(c.populationSum)),
      c.selectedCount,
      formatMoney(Number(c.selectedSum)),
      `${(c.sumBasisPoints / 100).toFixed(2).replace('.', ',')}`,
    ]);
  }
  if (e.sample) ws.addRow(['Yöntem', JSON.stringify(e.sample.method)]);
  const wl = wb.addWorksheet('Mektuplar');
  wl.addRow(['Firma ID', 'Firma', 'Adres', 'Durum', 'Bakiyemiz', 'Karşı taraf', 'Fark', 'Yanıtlayan', 'VKN/TCKN doğrulandı', 'İstisna', 'Sonuç']).font = {
    bold: true,
  };
  for (const l of list) {
    wl.addRow([
      l.accountId,
      l.accountName,
      l.to.join(', '),
      l.state,
      money(l.ours),
      money(l.answer?.balances),
      money(l.difference),
      l.answer ? `${l.answer.name}, ${l.answer.title}` : '',
      l.answer?.identity ? String((l.answer.identity as { taxId?: string }).taxId ?? 'evet') : '',
      l.exceptions.map((x) => x.text).join('; '),
      l.closed?.conclusion ?? '',
    ]);
  }
  wl.columns.forEach((col, i) => (col.width = [10, 34, 28, 12, 18, 18, 18, 24, 16, 30, 30][i] ?? 14));
  return Buffer.from(await wb.xlsx.writeBuffer());
}

/** The engagement's ZIP: every letter's pack, the chain, its verdict, the summary workbook. */
export async function engagementZip(ctx: AppCtx, e: EngagementRow): Promise<Uint8Array> {
  const chain = await readChain(ctx.d, e.id);
  const v = verifyChain(chain);
  const verdict = { ...v, text: verdictText(v) };
  const { letters: list } = await auditorLetters(ctx, e);
  const zip = new JSZip();
  zip.file('BENIOKU.txt', README(e, verdict));
  zip.file('zincir-dogrulama.txt', `${verdict.text}\nDoğrulandı: ${formatDateTime(ctx.now())}\n`);
  zip.file(
    'olaylar.jsonl',
    chain
      .map((x) =>
        JSON.stringify({
          seq: x.seq,
          at: x.atText,
          type: x.type,
          byUser: x.byUser,
          byName: x.byName,
          letterId: x.letterId,
          accountId: x.accountId,
          detail: x.detailText,
          prevHash: x.prevHash,
          hash: x.hash,
        }),
      )
      .join('\n') + '\n',
  );
  zip.file('ozet.xlsx', await summaryXlsx(e, list));
  for (const l of list) await letterPack(ctx, e, l, chain, zip, `mektuplar/${l.accountId} ${safeName(l.accountName)}`);
  return zip.generateAsync({ type: 'uint8array', compression: 'DEFLATE', compressionOptions: { level: 6 } });
}

/** One letter's evidence pack (a ZIP of its folder). */
export async function letterZip(ctx: AppCtx, e: EngagementRow, letterId: string): Promise<{ name: string; bytes: Uint8Array } | null> {
  const { letters: list } = await auditorLetters(ctx, e);
  const l = list.find((x) => x.id === letterId);
  if (!l) return null;
  const zip = new JSZip();
  await letterPack(ctx, e, l, await readChain(ctx.d, e.id), zip, `${l.accountId} ${safeName(l.accountName)}`);
  return {
    name: `Teyit kanıtı - ${l.accountId} ${safeName(l.accountName)}.zip`,
    bytes: await zip.generateAsync({ type: 'uint8array', compression: 'DEFLATE' }),
  };
}
