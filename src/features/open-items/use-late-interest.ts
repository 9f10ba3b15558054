/**
 * The vade farkı page's state: the rate and KDV (use-rate-form.ts: the URL's, or the form's
 * drafts once applied), side and opening from the URL; the calculation per currency of the account
 * (src/domain/late-interest.ts over the open-item engine), the sheet's rows, its notes and the document.
 */
import { useMemo } from 'react';
import type { DataColumn } from '../../components/data-table';
import { useColumnPrefs } from '../../components/data-table/column-prefs';
import { useCompanyTitle } from '../../api/session';
import type { DocumentHead } from '../../domain/document/document-head';
import { formatCount, formatMoney } from '../../domain/format';
import { rateText, sheetRowsOf } from '../../domain/document/late-interest-document';
import type { Minor } from '../../domain/types';
import { tlBasisText } from '../../components/statement/tl-basis-note';
import { lateInterest, type LateInterestResult } from '../../domain/late-interest';
import type { Side } from '../../domain/ledger';
import { t } from '../../i18n';
import { lateInterestColumns, lateInterestDocument, type SheetRow } from './late-interest-document';
import { useLedgerAccount } from './use-ledger-account';
import { useRateForm } from './use-rate-form';

/** Under the Excel's Σ vade farkı: the KDV on the total and the grand total, as the page and the print state them. */
const vatRows = (r: { totalVat: Minor; total: Minor }, vat: number) => [
  { label: t('ledger.lateInterest.export.vat', { vat: rateText(vat) }), values: { interest: r.totalVat } },
  { label: t('ledger.lateInterest.export.total'), values: { interest: r.total } },
];

export type { RateChoice } from './use-rate-form';
export type LateInterestView = ReturnType<typeof useLateInterest>;

export function useLateInterest() {
  const account = useLedgerAccount();
  const { cariId, params, update, lines, name, asOf, basis, currencies, currency, docKey, foreign } = account;
  const { period, vat, rate, shownError, form: rateForm } = useRateForm(params, update);
  const sideParam = params.get('side');
  const side: Side | undefined = sideParam === 'debit' || sideParam === 'credit' ? sideParam : undefined;
  const includeOpening = params.get('opening') === '1';

  // Every currency of the account, each on its own (never added): the table shows the chosen one.
  const all = useMemo(
    () =>
      lines && rate !== null
        ? currencies.map((c) => ({ currency: c, result: lateInterest(lines, { asOf, basis, currency: c, side, rate, period, vatRate: vat, includeOpening }) }))
        : [],
    [lines, currencies, asOf, basis, side, rate, period, vat, includeOpening],
  );
  const result = all.find((x) => x.currency === currency)?.result ?? null;
  const others = all.filter((x) => x.currency !== currency);
  const rows = useMemo<SheetRow[]>(() => (result && lines ? sheetRowsOf(result, lines, docKey) : []), [result, lines, docKey]);
  const cols = useMemo(() => lateInterestColumns(currency), [currency]);
  const company = useCompanyTitle();
  // The columns the table shows (the column chooser's choice): the print and the PDF show the same.
  const shownColumns = useColumnPrefs('lateInterest', cols).visible;

  const title = name ? t('ledger.lateInterest.titleFor', { name }) : t('ledger.lateInterest.title');
  const periodText = t(period === 'monthly' ? 'ledger.lateInterest.period.monthly' : 'ledger.lateInterest.period.annual');
  const rateLabel = rate === null ? '' : typeof rate === 'number' ? `%${rateText(rate)}` : t(`ledger.lateInterest.schedule.${rate}`);
  const summaryOf = (r: LateInterestResult, c: string) =>
    t(typeof rate === 'number' ? 'ledger.lateInterest.summary' : 'ledger.lateInterest.summarySchedule', {
      rate: rateLabel,
      period: periodText,
      interest: `${formatMoney(r.totalInterest)} ${c}`,
      vat: rateText(vat),
      vatAmount: `${formatMoney(r.totalVat)} ${c}`,
      total: `${formatMoney(r.total)} ${c}`,
    });
  const notesOf = (r: LateInterestResult): string[] => {
    const notes: string[] = [];
    if (r.openingLeftOut.count > 0)
      notes.push(
        t('ledger.lateInterest.opening', { count: formatCount(r.openingLeftOut.count), amount: `${formatMoney(r.openingLeftOut.amount)} ${currency}` }),
      );
    if (r.unratedDays > 0) notes.push(t('ledger.lateInterest.unrated', { days: formatCount(r.unratedDays) }));
    if (r.minCollectionCosts.length > 0)
      notes.push(
        t('ledger.lateInterest.minCost', {
          costs: r.minCollectionCosts
            .map((m) => `${m.year}: ${formatMoney(m.amount)} TL${m.unconfirmed ? ` ${t('ledger.lateInterest.unconfirmed')}` : ''}`)
            .join(', '),
        }),
      );
    return notes;
  };
  // The account's other currencies, each on its own (never added): on the screen and on paper.
  const othersText =
    others.length > 0
      ? t('ledger.lateInterest.otherCurrencies', {
          list: others
            .map(
              (o) =>
                `${o.currency}: ${formatMoney(o.result.totalInterest)} + KDV ${formatMoney(o.result.totalVat)} = ${formatMoney(o.result.total)} ${o.currency}`,
            )
            .join(' · '),
        })
      : null;
  const documentHead: DocumentHead = {
    company,
    title: t('doc.title.lateInterest'),
    short: t('doc.short.lateInterest'),
    account: { id: cariId, name: name ?? cariId },
    asOf,
  };
  const docSpec = (view: readonly SheetRow[], viewColumns: readonly DataColumn<SheetRow>[]) =>
    lateInterestDocument({ ...documentHead, madeAt: new Date() }, viewColumns, view, {
      side: t(result!.side === 'debit' ? 'ledger.side.debit' : 'ledger.side.credit'),
      rate: rateLabel,
      period: typeof rate === 'number' ? periodText : t('ledger.lateInterest.period.annual'),
      vat: rateText(vat),
      currency,
      totalInterest: result!.totalInterest,
      totalVat: result!.totalVat,
      notes: [...notesOf(result!), ...[othersText, tlBasisText('own', foreign)].filter((x): x is string => !!x)],
    });

  return {
    ...account,
    title,
    includeOpening,
    side,
    rate,
    result,
    rows,
    cols,
    shownColumns,
    documentHead,
    docSpec,
    exportTotalsRows: result && rate !== null ? vatRows(result, vat) : undefined,
    shownError,
    summary: result ? summaryOf(result, currency) : '',
    notes: result ? notesOf(result) : [],
    othersText,
    form: { ...rateForm, shownError, includeOpening, update },
  };
}
