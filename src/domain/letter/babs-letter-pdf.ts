/**
 * The BA/BS mutabakat letter (pdf-document.ts LetterPdf, the same pipeline as the cari letter): our
 * company, the counterparty and its VKN/TCKN, our Form Bs and Ba figures for the month (document count
 * and KDV-hariç TL total) with what they are on the counterpart's side, and a reply slip. The documents
 * behind the figures are a second PDF (babsDocsPdf) so the counterpart can find a missing invoice.
 */
import type { LetterPdf, PdfPart } from '../document/pdf-document';
import type { DocSpec } from '../document/paginate';
import { t } from '../../i18n';
import { formatDate, formatMoney } from '../format';
import { monthName, monthRange } from '../babs/month';
import type { BabsFigure, BabsLetterDoc, BabsSnapshot } from '../babs/reconcile';
import type { ReconciliationLetterProps } from './letter-text';

export interface BabsLetterProps {
  company: ReconciliationLetterProps['company'];
  account: { id: string; name: string; province?: string; district?: string };
  issuedOn: string;
  snapshot: BabsSnapshot;
}

const figure = (f: BabsFigure, reportable: boolean) =>
  `${t('babs.letter.figure', { count: String(f.count), amount: formatMoney(f.net) })} (${reportable ? t('babs.letter.reportable') : t('babs.letter.below')})`;

export function babsLetterPdf({ company, account, issuedOn, snapshot: s }: BabsLetterProps): LetterPdf<never> {
  const title = company.title || t('letter.company.missing');
  const month = monthName(s.month);
  const place = [account.province, account.district].filter(Boolean).join(' / ');
  const para = (text: string, extra: { bold?: boolean; align?: 'left' | 'right' | 'center' } = {}) => ({ type: 'paragraph' as const, text, ...extra });
  return {
    kind: 'letter',
    blocks: [
      { type: 'heading', text: title },
      ...company.address
        .split(/\r?\n/)
        .filter((l) => l.trim())
        .map((text) => para(text)),
      ...(company.taxOffice || company.taxNo ? [para(t('letter.company.tax', { office: company.taxOffice || '—', no: company.taxNo || '—' }))] : []),
      para(t('letter.date', { date: formatDate(issuedOn) }), { align: 'right' }),
      para(t('letter.to')),
      para(account.name, { bold: true }),
      ...(place ? [para(place)] : []),
      para(t('letter.accountId', { id: account.id })),
      para(s.taxId ? t('babs.letter.taxId', { taxId: s.taxId }) : t('babs.letter.taxIdMissing')),
      para(t('babs.letter.subject', { month }), { bold: true }),
      para(t('babs.letter.intro', { month })),
      {
        type: 'pairs',
        pairs: [
          [t('babs.letter.bsLabel'), figure(s.ours.bs, s.reportable.bs)],
          [t('babs.letter.baLabel'), figure(s.ours.ba, s.reportable.ba)],
        ],
      },
      para(t('babs.letter.threshold', { amount: formatMoney(s.threshold) })),
      ...(s.foreign.length ? [para(t('babs.letter.foreign', { currencies: s.foreign.join(', ') }))] : []),
      ...(s.unclassified ? [para(t('babs.letter.unclassified', { count: String(s.unclassified) }))] : []),
      para(t('babs.letter.docs')),
      para(t('babs.letter.request')),
      para(t('letter.regards')),
      para(title, { bold: true }),
      para(t('letter.signStamp')),
      para('- - - - - - - - - - - - - - - - - - - - - - - - - - - - - - - - - - - - - - - - - - - - - - - -', { align: 'center' }),
      { type: 'heading', text: t('letter.reply.title') },
      para(t('letter.reply.to', { company: title })),
      para(t('babs.letter.reply.intro', { month, name: account.name })),
      para(`[ ] ${t('letter.reply.agree')}`),
      para(`[ ] ${t('babs.letter.reply.disagree')}`),
      para(t('babs.letter.reply.theirBa')),
      para(t('babs.letter.reply.theirBs')),
      {
        type: 'pairs',
        pairs: [
          [t('letter.reply.company'), account.name],
          [t('letter.reply.person'), ''],
          [t('letter.reply.date'), ''],
          [t('letter.reply.signature'), ''],
          [t('letter.reply.stamp'), ''],
        ],
      },
    ],
  };
}

const money = (m: number | null) => (m === null ? '' : formatMoney(m));
const formLabel = (d: BabsLetterDoc) => (d.form === 'bs' ? 'Bs' : 'Ba');

/** The documents list: one table, Bs first, with the KDV-hariç total per form in the intro and at the end. */
export function babsDocsPdf({ company, account, snapshot: s }: Omit<BabsLetterProps, 'issuedOn'>): PdfPart {
  const rows = [...s.docs].sort((a, b) =>
    a.form === b.form ? (a.date ?? '').localeCompare(b.date ?? '') || a.number.localeCompare(b.number, 'tr') : a.form === 'bs' ? -1 : 1,
  );
  const f = (x: BabsFigure) => t('babs.letter.figure', { count: String(x.count), amount: formatMoney(x.net) });
  const { from, to } = monthRange(s.month);
  const spec: DocSpec<BabsLetterDoc> = {
    head: {
      company: company.title,
      title: t('babs.docs.pdfTitle', { month: monthName(s.month) }),
      account: { id: account.id, name: account.name },
      period: { from, to },
    },
    orientation: 'portrait',
    intro: [t('babs.docs.intro', { bs: f(s.ours.bs), ba: f(s.ours.ba) }), ...(rows.length ? [] : [t('babs.docs.none')])],
    rows,
    columns: [
      { id: 'form', header: t('babs.docs.form'), chars: 7, text: formLabel },
      { id: 'number', header: t('babs.docs.number'), chars: 17, wrap: true, text: (d) => d.number },
      { id: 'date', header: t('babs.docs.date'), chars: 11, text: (d) => (d.date ? formatDate(d.date) : '') },
      {
        id: 'type',
        header: t('babs.docs.type'),
        chars: 22,
        wrap: true,
        text: (d) => (d.currency && !['TL', 'TRY', 'YTL'].includes(d.currency.toUpperCase()) ? `${d.type} (${d.currency})` : d.type),
      },
      { id: 'net', header: t('babs.docs.net'), chars: 15, align: 'end', text: (d) => money(d.net) },
      { id: 'vat', header: t('babs.docs.vat'), chars: 13, align: 'end', text: (d) => money(d.vat) },
      { id: 'total', header: t('babs.docs.total'), chars: 15, align: 'end', text: (d) => money(d.total) },
    ],
  };
  return { kind: 'table', spec: spec as unknown as DocSpec<never> };
}
