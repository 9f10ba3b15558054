/**
 * A mutabakat letter for "PDF indir" (pdf-document.ts LetterPdf): the same text as the printed letter
 * (reconciliation-letter.tsx) as blocks — our company, the counterparty, the balance sentence, the
 * notes, the reply slip — and its enclosed statement lines as a document table (its own pages with
 * nakli yekün). The bulk letters put one after another in one file, each from a new page.
 */
import type { LetterPdf } from '../document/pdf-document';
import type { DocSpec } from '../document/paginate';
import { balanceText } from './balance-plain';
import { t } from '../../i18n';
import { formatDate, formatMoney } from '../format';
import { sumMinor } from '../money';
import { foreignCurrencyOf, LOCAL_CURRENCY } from '../currency';
import { documentNumberOf } from '../document-number';
import type { StatementRow } from '../running-balance';
import { balanceSentence, balancesList, multiBalanceSentence, type ReconciliationLetterProps } from './letter-text';

// Roboto (the PDF's font) has no ballot box: the reply slip's boxes are written as [ ].
const plain = (s: string) => s.replace(/☐/g, '[ ]');

export function letterPdf({
  company,
  account,
  asOf,
  issuedOn,
  balance,
  rows,
  from,
  currency = LOCAL_CURRENCY,
  localBalance,
  docKey = null,
  declaredMissing = null,
  ttk94Clause = true,
  balances = null,
  audit = null,
}: ReconciliationLetterProps): LetterPdf<StatementRow> {
  const title = company.title || t('letter.company.missing');
  const place = [account.province, account.district].filter(Boolean).join(' / ');
  const side = balance > 0 ? t('letter.side.debit') : balance < 0 ? t('letter.side.credit') : '';
  // An account of several currencies: each balance on its own, the ERP's TL figure beside them; the slip asks for each.
  const multi = balances && balances.length > 1 ? balances : null;
  const sentence = multi ? multiBalanceSentence(asOf, multi, localBalance ?? balance) : balanceSentence(asOf, balance, currency, localBalance, declaredMissing);
  const agree = multi
    ? t('letter.reply.agreeMulti', { list: balancesList(multi) })
    : balance === 0
      ? t('letter.reply.agreeZero')
      : t('letter.reply.agreeText', { amount: formatMoney(Math.abs(balance)), side, currency });
  const theirs = multi
    ? [
        ...multi.map((b) => ({ type: 'paragraph' as const, text: plain(t('letter.reply.theirBalanceMulti', { currency: b.currency })) })),
        { type: 'paragraph' as const, text: t('letter.reply.statementEnclosed') },
      ]
    : [];
  const blocks: LetterPdf<StatementRow>['blocks'] = [
    { type: 'heading', text: title },
    ...company.address
      .split(/\r?\n/)
      .filter((l) => l.trim())
      .map((text) => ({ type: 'paragraph' as const, text })),
    ...(company.taxOffice || company.taxNo
      ? [{ type: 'paragraph' as const, text: t('letter.company.tax', { office: company.taxOffice || '—', no: company.taxNo || '—' }) }]
      : []),
    { type: 'paragraph', text: t('letter.date', { date: formatDate(issuedOn) }), align: 'right' },
    { type: 'paragraph', text: t('letter.to') },
    { type: 'paragraph', text: account.name, bold: true },
    ...(place ? [{ type: 'paragraph' as const, text: place }] : []),
    { type: 'paragraph', text: t('letter.accountId', { id: account.id }) },
    { type: 'paragraph', text: t('letter.subject'), bold: true },
    { type: 'paragraph', text: sentence },
    ...(audit
      ? [
          {
            type: 'paragraph' as const,
            text: t('letter.audit.direct', { firm: audit.firm, engagementNo: audit.engagementNo, email: audit.auditorEmail }),
            bold: true,
          },
        ]
      : []),
    ...(audit?.form === 'negative' ? [{ type: 'paragraph' as const, text: t('letter.audit.negative', { deadline: formatDate(audit.deadline) }) }] : []),
    { type: 'paragraph', text: t('letter.body.request') },
    { type: 'paragraph', text: t('letter.body.disagree') },
    { type: 'paragraph', text: t('letter.note.errors') },
    ...(ttk94Clause ? [{ type: 'paragraph' as const, text: t('letter.note.ttk') }] : []),
    { type: 'paragraph', text: t('letter.regards') },
    { type: 'paragraph', text: title, bold: true },
    { type: 'paragraph', text: t('letter.signStamp') },
    { type: 'paragraph', text: '- - - - - - - - - - - - - - - - - - - - - - - - - - - - - - - - - - - - - - - - - - - - - - - -', align: 'center' },
    { type: 'heading', text: t('letter.reply.title') },
    { type: 'paragraph', text: audit ? t('letter.reply.toAuditor', { firm: audit.firm, company: title }) : t('letter.reply.to', { company: title }) },
    { type: 'paragraph', text: t('letter.reply.intro', { date: formatDate(asOf), name: account.name }) },
    { type: 'paragraph', text: `[ ] ${t('letter.reply.agree')} ${agree}` },
    ...(multi
      ? [{ type: 'paragraph' as const, text: `[ ] ${t('letter.reply.disagree')}` }, ...theirs]
      : [{ type: 'paragraph' as const, text: plain(`[ ] ${t('letter.reply.disagree')} ${t('letter.reply.theirBalance', { currency })}`) }]),
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
  ];
  if (rows && rows.length > 0) {
    const spec: DocSpec<StatementRow> = {
      head: {
        company: company.title,
        title: t('letter.statement.title'),
        account: { id: account.id, name: account.name },
        period: { from: from ?? null, to: asOf },
      },
      orientation: 'portrait',
      rows,
      // The printed letter's columns: Belge No when the statement has one, the amount in the account's
      // currency for a foreign-currency account.
      columns: [
        {
          id: 'date',
          header: t('letter.statement.date'),
          chars: 11,
          text: (r) => (r.kind === 'opening' ? (from ? formatDate(from) : '') : r.line?.date ? formatDate(r.line.date) : t('letter.statement.undated')),
        },
        {
          id: 'type',
          header: t('letter.statement.type'),
          chars: 30,
          wrap: true,
          text: (r) => (r.kind === 'opening' ? t('letter.statement.opening') : (r.line?.type ?? '')),
        },
        ...(docKey
          ? [
              {
                id: 'documentNo',
                header: t('letter.statement.documentNo'),
                chars: 18,
                wrap: true,
                text: (r: StatementRow) => documentNumberOf(r.line ?? undefined, docKey),
              },
            ]
          : []),
        ...(currency !== LOCAL_CURRENCY
          ? [
              {
                id: 'fx',
                header: t('letter.statement.currencyAmount', { currency }),
                chars: 16,
                align: 'end' as const,
                text: (r: StatementRow) =>
                  r.line && foreignCurrencyOf(r.line) === currency && r.line.currencyAmount != null ? formatMoney(r.line.currencyAmount) : '',
              },
            ]
          : []),
        {
          id: 'debit',
          header: t('letter.statement.debit'),
          chars: 17,
          align: 'end',
          text: (r) => (r.debit ? formatMoney(r.debit) : ''),
          carry: { kind: 'sum', value: (r) => r.debit, format: formatMoney },
        },
        {
          id: 'credit',
          header: t('letter.statement.credit'),
          chars: 17,
          align: 'end',
          text: (r) => (r.credit ? formatMoney(r.credit) : ''),
          carry: { kind: 'sum', value: (r) => r.credit, format: formatMoney },
        },
        {
          id: 'balance',
          header: t('letter.statement.balance'),
          chars: 19,
          align: 'end',
          text: (r) => balanceText(r.balance),
          carry: { kind: 'last', value: (r) => r.balance, format: (m) => balanceText(m) },
        },
      ],
      grandTotal: {
        debit: formatMoney(sumMinor(rows.map((r) => r.debit))),
        credit: formatMoney(sumMinor(rows.map((r) => r.credit))),
        balance: balanceText(rows[rows.length - 1]!.balance),
      },
    };
    blocks.push({ type: 'table', spec });
  }
  return { kind: 'letter', blocks };
}
