/**
 * A BA/BS letter's preparation (the 'prepare' job's kind 'babs', prepare.ts): the month's Form Ba/Bs
 * figures for one counterparty from the same computation the /babs list makes (src/domain/babs:
 * get_fatura read once per campaign run; an account with a document whose type does not tell the form
 * has its statement read, as the list does), frozen as the snapshot with the letter PDF and the
 * documents list PDF (the browser's document definitions, written by server/pdf), then queued for mail like a cari letter.
 */
import { createHash } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { letters, type LetterSnapshot, type campaigns } from '../db/schema';
import { babsDocs } from '../../src/domain/babs/docs';
import { accountKeyOf, computeBabs, type BabsDoc, type BabsResult } from '../../src/domain/babs/compute';
import { DEFAULT_THRESHOLD } from '../../src/domain/babs/threshold';
import { figuresOf, lettersDocs, type BabsSnapshot } from '../../src/domain/babs/reconcile';
import { monthName } from '../../src/domain/babs/month';
import { babsDocsPdf, babsLetterPdf } from '../../src/domain/letter/babs-letter-pdf';
import type { PdfPart } from '../../src/domain/document/pdf-document';
import { todayIso } from '../../src/domain/dates';
import { formatDateTime } from '../../src/domain/format';
import type { Account } from '../../src/domain/erp-types';
import { queueMail } from '../mutabakat/letter-mail';
import { getContact } from '../mutabakat/contacts';
import type { AppCtx } from '../app/context';
import { appendEvent } from '../mutabakat/events';
import { renderPdf } from '../pdf/render';

type Campaign = typeof campaigns.$inferSelect;

/** The month's documents and result per campaign, read once per process while its chunks run. */
const monthCache = new Map<string, Promise<{ docs: BabsDoc[]; result: BabsResult }>>();

function monthOf(ctx: AppCtx, c: Campaign) {
  let p = monthCache.get(c.id);
  if (!p) {
    p = ctx.erp.invoices().then((table) => {
      const docs = babsDocs(table);
      return { docs, result: computeBabs(docs, c.asOf.slice(0, 7), c.options.babs?.threshold ?? DEFAULT_THRESHOLD) };
    });
    monthCache.set(c.id, p);
    p.catch(() => monthCache.delete(c.id));
    setTimeout(() => monthCache.delete(c.id), 10 * 60_000).unref();
  }
  return p;
}

export async function prepareBabsOne(
  ctx: AppCtx,
  campaign: Campaign,
  l: { id: string; accountId: string; to: string[]; cc: string[]; person: string },
  account: Account | undefined,
): Promise<void> {
  const month = campaign.asOf.slice(0, 7);
  const threshold = campaign.options.babs?.threshold ?? DEFAULT_THRESHOLD;
  const { docs, result: all } = await monthOf(ctx, campaign);
  const key = accountKeyOf({ accountId: l.accountId, company: '' });
  let result = all;
  // A document of this account whose type does not tell the form: its statement decides, as on the list.
  if (all.unclassified.some((u) => u.key === key)) {
    const statement = await ctx.erp.statement(l.accountId);
    const hints = statement.lines.map((x) => ({ date: x.date, debit: x.debit, credit: x.credit, type: x.type }));
    result = computeBabs(
      docs.filter((d) => accountKeyOf(d) === key),
      month,
      threshold,
      () => hints,
    );
  }
  const line = result.lines.find((x) => x.key === key);
  const unclassified = result.unclassified.filter((u) => u.key === key).length;
  const taxId = (await getContact(ctx.db, l.accountId))?.taxId ?? '';
  const snap: BabsSnapshot = {
    month,
    threshold,
    ours: figuresOf(line),
    reportable: { bs: line?.bs.reportable ?? false, ba: line?.ba.reportable ?? false },
    taxId,
    foreign: line?.foreign ?? [],
    docs: lettersDocs(line),
    unclassified,
  };
  const warnings: string[] = [];
  if (!taxId) warnings.push('VKN/TCKN kayıtlı değil (kişi kartından ya da içe aktarmayla eklenebilir).');
  if (!line) warnings.push(`${monthName(month)} için bu cariye ait Ba/Bs belgesi yok: mektup 0 belge bildiriyor.`);
  if (unclassified) warnings.push(`Türü belirlenemeyen ${unclassified} belge rakamlara dahil değil.`);
  if (snap.foreign.length) warnings.push(`${snap.foreign.join(', ')} belgelerinin TL tutarı ERP'nin kaydettiğidir.`);
  if (!account) warnings.push(`Firma ID ${l.accountId} ERP'nin cari listesinde bulunamadı.`);
  const name = account?.name ?? line?.name ?? `Firma ${l.accountId}`;
  const now = ctx.now();
  const props = {
    company: ctx.company,
    account: { id: l.accountId, name, province: account?.province, district: account?.district },
    issuedOn: todayIso(now),
    snapshot: snap,
  };
  const pdf = await renderPdf([babsLetterPdf(props) as PdfPart], `BA/BS mutabakatı ${name} ${monthName(month)}`, formatDateTime(now));
  const docsPdf = await renderPdf([babsDocsPdf(props)], `BA/BS belge listesi ${name} ${monthName(month)}`, formatDateTime(now));
  const sha = createHash('sha256').update(pdf).digest('hex');
  const snapshot: LetterSnapshot = { ours: [], localBalance: 0, warnings, lines: snap.docs.length, babs: snap };
  const state = l.to.length === 0 ? 'no_address' : campaign.sendWhenReady && !campaign.cancelled && ctx.transport.mode !== 'disabled' ? 'queued' : 'prepared';
  await ctx.db.transaction(async (tx) => {
    const updated = await tx
      .update(letters)
      .set({ state, accountName: name, snapshot, pdf, docsPdf, pdfSha256: sha, lastError: null })
      .where(and(eq(letters.id, l.id), eq(letters.state, 'preparing')))
      .returning({ id: letters.id });
    if (updated.length === 0) return;
    await appendEvent(tx, now, {
      campaignId: campaign.id,
      letterId: l.id,
      accountId: l.accountId,
      type: 'prepared',
      detail: { pdfSha256: sha, babs: snap.ours, warnings },
    });
    if (state === 'queued') {
      await queueMail(
        ctx,
        tx,
        { id: l.id, campaignId: campaign.id, accountId: l.accountId, accountName: name, to: l.to, cc: l.cc, person: l.person, snapshot },
        campaign,
        'letter',
        now,
        null,
      );
    }
  });
}
