/**
 * /accounts/:cariId/vade-farki?asOf=&basis=&cur=&rate=&period=monthly|annual&vat=&side= — vade farkı
 * (late-payment interest) as a calculation sheet that supports an invoice: per item the days it
 * stayed unpaid past its due date (closed parts up to the day they were closed, open parts up to the
 * as-of date), amount × days × rate, KDV on it. Both sides (a supplier's vade farkı invoice can be
 * checked). src/lib/late-interest.ts over the open-item engine; exported (CSV, Excel) through the one
 * DataTable; printed and "PDF indir" as a document (late-interest-document.ts: our company, the
 * account, the date on every page, Σ vade farkı / Σ KDV carried from page to page, the totals once).
 */
import { useMemo, useState, type FormEvent } from 'react';
import { DataTable, type DataColumn } from '../../components/data-table';
import { ErrorState } from '../../components/feedback';
import { useDocumentTitle } from '../../components/layout/document-title';
import { documentNumberOf } from '../../components/statement/document-number';
import { t } from '../../i18n';
import { formatCount, formatDate, formatMoney, formatNumber } from '../../lib/format';
import { DEFAULT_VAT_RATE, lateInterest, LEGAL_ANNUAL_RATE, type RatePeriod } from '../../lib/late-interest';
import type { Side } from '../../lib/ledger';
import { LedgerControls, LedgerHead } from './ledger-controls';
import { lateInterestColumns, lateInterestDocument, type SheetRow } from './late-interest-document';
import { useCompanyTitle } from '../../api/session';
import { useColumnPrefs } from '../../components/data-table/column-prefs';
import { documentFileName, type DocumentHead } from '../../components/document/document-head';
import { PdfButton } from '../../components/document/pdf-button';
import { useLedgerAccount } from './use-ledger-account';
import { AccountNotFound } from '../../components/statement/account-not-found';
import './open-items.css';

/** "3", "3,5", "3.5" → 3.5; anything else (or outside 0–100) → null. */
export function parseRate(text: string | null): number | null {
  if (text === null) return null;
  const s = text.trim().replace('%', '').replace(',', '.');
  if (!/^\d{1,3}(\.\d{1,4})?$/.test(s)) return null;
  const n = Number(s);
  return n >= 0 && n <= 100 ? n : null;
}
const rateText = (n: number) => formatNumber(n, 4);

export default function LateInterestPage() {
  const { loading, missing, cariId, params, update, statement, lines, name, asOf, basis, currencies, currency, docKey } = useLedgerAccount();
  useDocumentTitle(name ? t('ledger.lateInterest.titleFor', { name }) : undefined);
  const period: RatePeriod = params.get('period') === 'monthly' ? 'monthly' : 'annual';
  const rate = parseRate(params.get('rate')) ?? (period === 'annual' ? LEGAL_ANNUAL_RATE : null);
  const vat = parseRate(params.get('vat')) ?? DEFAULT_VAT_RATE;
  const sideParam = params.get('side');
  const side: Side | undefined = sideParam === 'debit' || sideParam === 'credit' ? sideParam : undefined;

  const [draftRate, setDraftRate] = useState(rate === null ? '' : rateText(rate).replace('.', ','));
  const [draftPeriod, setDraftPeriod] = useState<RatePeriod>(period);
  const [draftVat, setDraftVat] = useState(rateText(vat));
  const [error, setError] = useState<string | null>(null);

  const result = useMemo(
    () => (lines && rate !== null ? lateInterest(lines, { asOf, basis, currency, side, rate, period, vatRate: vat }) : null),
    [lines, asOf, basis, currency, side, rate, period, vat],
  );
  const rows = useMemo<SheetRow[]>(
    () =>
      result && lines
        ? result.rows.map((r, k) => ({
            key: `${r.index}-${k}`,
            date: r.date,
            type: lines[r.pos]!.type,
            documentNo: documentNumberOf(lines[r.pos], docKey),
            from: r.from,
            to: r.to,
            kind: t(r.kind === 'closed' ? 'ledger.lateInterest.kind.closed' : 'ledger.lateInterest.kind.open'),
            amount: r.amount,
            days: r.days,
            interest: r.interest,
            vat: r.vat,
          }))
        : [],
    [result, lines, docKey],
  );
  const cols = useMemo(() => lateInterestColumns(currency), [currency]);
  const company = useCompanyTitle();
  // The columns the table shows (the column chooser's choice): the print and the PDF show the same.
  const shownColumns = useColumnPrefs('lateInterest', cols).visible;

  const onApply = (e: FormEvent) => {
    e.preventDefault();
    const r = parseRate(draftRate);
    const v = parseRate(draftVat);
    if (r === null) return setError(t('ledger.lateInterest.badRate'));
    if (v === null) return setError(t('ledger.lateInterest.badVat'));
    setError(null);
    update({ rate: String(r), period: draftPeriod, vat: String(v) });
  };
  const useLegal = () => {
    setDraftRate(String(LEGAL_ANNUAL_RATE));
    setDraftPeriod('annual');
    setError(null);
    update({ rate: String(LEGAL_ANNUAL_RATE), period: 'annual' });
  };
  const title = name ? t('ledger.lateInterest.titleFor', { name }) : t('ledger.lateInterest.title');
  const periodText = t(period === 'monthly' ? 'ledger.lateInterest.period.monthly' : 'ledger.lateInterest.period.annual');
  const documentHead: DocumentHead = { company, title: t('doc.title.lateInterest'), short: t('doc.short.lateInterest'), account: { id: cariId, name: name ?? cariId }, asOf };
  const docSpec = (view: readonly SheetRow[], viewColumns: readonly DataColumn<SheetRow>[]) =>
    lateInterestDocument({ ...documentHead, madeAt: new Date() }, viewColumns, view, {
      side: t(result!.side === 'debit' ? 'ledger.side.debit' : 'ledger.side.credit'),
      rate: `%${rateText(rate!)}`,
      period: periodText,
      vat: rateText(vat),
      currency,
      totalInterest: result!.totalInterest,
      totalVat: result!.totalVat,
    });

  if (missing) return <AccountNotFound cariId={cariId} />;
  return (
    <div className="ledger-page">
      <LedgerHead cariId={cariId} title={title} subtitle={t('ledger.lateInterest.subtitle', { date: formatDate(asOf) })}>
        <PdfButton
          disabled={!result || rate === null}
          parts={() => [{ kind: 'table', spec: docSpec(rows, shownColumns) as never }]}
          fileName={() => documentFileName({ ...documentHead, madeAt: new Date() }, 'pdf')}
          title={t('doc.title.lateInterest')}
        />
      </LedgerHead>
      <LedgerControls asOf={asOf} basis={basis} currency={currency} currencies={currencies} update={update}>
        <div className="field">
          <label htmlFor="li-side">{t('ledger.lateInterest.side')}</label>
          <select id="li-side" value={side ?? ''} onChange={(e) => update({ side: e.target.value || null })}>
            <option value="">{t('ledger.lateInterest.side.auto')}</option>
            <option value="debit">{t('ledger.lateInterest.side.debit')}</option>
            <option value="credit">{t('ledger.lateInterest.side.credit')}</option>
          </select>
        </div>
      </LedgerControls>
      <form className="ledger-controls no-print" onSubmit={onApply} noValidate>
        <div className="field">
          <label htmlFor="li-rate">{t('ledger.lateInterest.rate')}</label>
          <input id="li-rate" type="text" inputMode="decimal" value={draftRate} onChange={(e) => setDraftRate(e.target.value)} aria-describedby="li-legal" />
        </div>
        <div className="field">
          <label htmlFor="li-period">{t('ledger.lateInterest.period')}</label>
          <select id="li-period" value={draftPeriod} onChange={(e) => setDraftPeriod(e.target.value === 'monthly' ? 'monthly' : 'annual')}>
            <option value="monthly">{t('ledger.lateInterest.period.monthly')}</option>
            <option value="annual">{t('ledger.lateInterest.period.annual')}</option>
          </select>
        </div>
        <div className="field">
          <label htmlFor="li-vat">{t('ledger.lateInterest.vat')}</label>
          <input id="li-vat" type="text" inputMode="decimal" value={draftVat} onChange={(e) => setDraftVat(e.target.value)} />
        </div>
        <button type="submit" className="button button--primary">
          {t('ledger.lateInterest.apply')}
        </button>
        <button type="button" className="button" onClick={useLegal}>
          {t('ledger.lateInterest.useLegal')}
        </button>
      </form>
      <p id="li-legal" className="ledger-legal">
        {t('ledger.lateInterest.legal')}
      </p>
      {error && (
        <p className="notice notice--warn" role="alert">
          {error}
        </p>
      )}
      {statement.isError && <ErrorState title={t('ledger.error.title')} error={statement.error} onRetry={() => void statement.refetch()} />}
      {result && rate !== null && (
        <>
          <p className="notice" data-testid="late-interest-side">
            {t(result.side === 'debit' ? 'ledger.side.debit' : 'ledger.side.credit')}
          </p>
          {result.undatedSteps > 0 && <p className="notice notice--warn">{t('ledger.lateInterest.undated', { count: formatCount(result.undatedSteps) })}</p>}
          <p className="ledger-facts" data-testid="late-interest-summary">
            {t('ledger.lateInterest.summary', {
              rate: `%${rateText(rate)}`,
              period: periodText,
              interest: `${formatMoney(result.totalInterest)} ${currency}`,
              vat: rateText(vat),
              vatAmount: `${formatMoney(result.totalVat)} ${currency}`,
              total: `${formatMoney(result.total)} ${currency}`,
            })}
          </p>
        </>
      )}
      <DataTable<SheetRow>
        data={rows}
        columns={cols}
        getRowId={(r) => r.key}
        aria-label={t('ledger.lateInterest.table')}
        loading={loading}
        error={statement.error ?? undefined}
        onRetry={() => void statement.refetch()}
        emptyMessage={t('ledger.lateInterest.empty')}
        csvFileName={`${t('ledger.lateInterest.file')}-${cariId}-${asOf}`}
        tableId="lateInterest"
        printDocument={result && rate !== null ? (view) => docSpec(view.rows, view.columns) : undefined}
        sheetName={`${t('ledger.lateInterest.title')} ${cariId}`}
        exportTotals={result ? { interest: result.totalInterest, vat: result.totalVat } : undefined}
        totalsRow={
          result
            ? {
                date: t('ledger.lateInterest.totals'),
                interest: <span data-testid="late-interest-total">{formatMoney(result.totalInterest)}</span>,
                vat: <span data-testid="late-interest-vat">{formatMoney(result.totalVat)}</span>,
              }
            : undefined
        }
      />
    </div>
  );
}
