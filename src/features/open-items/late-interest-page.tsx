/**
 * /accounts/:cariId/vade-farki?asOf=&basis=&cur=&rate=&period=monthly|annual&vat=&side= — vade farkı
 * (late-payment interest) as a calculation sheet that supports an invoice: per item the days it
 * stayed unpaid past its due date (closed parts up to the day they were closed, open parts up to the
 * as-of date), amount × days × rate, KDV on it. Both sides (a supplier's vade farkı invoice can be
 * checked). src/domain/late-interest.ts over the open-item engine; exported (CSV, Excel) through the one
 * DataTable; printed and "PDF indir" as a document (late-interest-document.ts: our company, the
 * account, the date on every page, Σ vade farkı / Σ KDV carried from page to page, the totals once).
 * State: use-late-interest.ts.
 */
import { DataTable } from '../../components/data-table';
import { ErrorState } from '../../components/feedback';
import { useDocumentTitle } from '../../components/layout/document-title';
import { PdfButton } from '../../components/document/pdf-button';
import { AccountNotFound } from '../../components/statement/account-not-found';
import { documentFileName } from '../../domain/document/document-head';
import { formatDate, formatMoney } from '../../domain/format';
import { t } from '../../i18n';
import type { SheetRow } from './late-interest-document';
import { LateInterestFacts } from './late-interest-facts';
import { LateInterestRateForm } from './late-interest-rate-form';
import { LedgerControls, LedgerHead } from './ledger-controls';
import { useLateInterest } from './use-late-interest';
import './open-items.css';

export default function LateInterestPage() {
  const v = useLateInterest();
  const { cariId, statement, result, rate, asOf, currency } = v;
  useDocumentTitle(v.name ? t('ledger.lateInterest.titleFor', { name: v.name }) : undefined);

  if (v.missing) return <AccountNotFound cariId={cariId} />;
  return (
    <div className="ledger-page">
      <LedgerHead cariId={cariId} title={v.title} subtitle={t('ledger.lateInterest.subtitle', { date: formatDate(asOf) })}>
        <PdfButton
          disabled={!result || rate === null}
          parts={() => [{ kind: 'table', spec: v.docSpec(v.rows, v.shownColumns) as never }]}
          fileName={() => documentFileName({ ...v.documentHead, madeAt: new Date() }, 'pdf')}
          title={t('doc.title.lateInterest')}
        />
      </LedgerHead>
      <LedgerControls asOf={asOf} futureAsked={v.futureAsked} basis={v.basis} currency={currency} currencies={v.currencies} update={v.update}>
        <div className="field">
          <label htmlFor="li-side">{t('ledger.lateInterest.side')}</label>
          <select id="li-side" value={v.side ?? ''} onChange={(e) => v.update({ side: e.target.value || null })}>
            <option value="">{t('ledger.lateInterest.side.auto')}</option>
            <option value="debit">{t('ledger.lateInterest.side.debit')}</option>
            <option value="credit">{t('ledger.lateInterest.side.credit')}</option>
          </select>
        </div>
      </LedgerControls>
      <LateInterestRateForm {...v.form} />
      <p id="li-legal" className="ledger-legal">
        {t('ledger.lateInterest.legal')}
      </p>
      {v.shownError && (
        <p className="notice notice--warn" role="alert">
          {v.shownError} {t('ledger.lateInterest.stale')}
        </p>
      )}
      {statement.isError && <ErrorState title={t('ledger.error.title')} error={statement.error} onRetry={() => void statement.refetch()} />}
      {result && rate !== null && (
        <LateInterestFacts
          result={result}
          notes={v.notes}
          includeOpening={v.includeOpening}
          summary={v.summary}
          othersText={v.othersText}
          foreign={v.foreign}
        />
      )}
      <DataTable<SheetRow>
        data={rate === null ? [] : v.rows}
        columns={v.cols}
        getRowId={(r) => r.key}
        aria-label={t('ledger.lateInterest.table')}
        loading={v.loading}
        error={statement.error ?? undefined}
        onRetry={() => void statement.refetch()}
        emptyMessage={rate === null ? t('ledger.lateInterest.stale') : t('ledger.lateInterest.empty')}
        csvFileName={`${t('ledger.lateInterest.file')}-${cariId}-${asOf}`}
        tableId="lateInterest"
        printDocument={result && rate !== null ? (view) => v.docSpec(view.rows, view.columns) : undefined}
        sheetName={`${t('ledger.lateInterest.title')} ${cariId}`}
        exportTotals={result ? { interest: result.totalInterest } : undefined}
        exportTotalsRows={v.exportTotalsRows}
        totalsRow={
          result
            ? {
                date: t('ledger.lateInterest.totals'),
                interest: <span data-testid="late-interest-total">{formatMoney(result.totalInterest)}</span>,
              }
            : undefined
        }
      />
    </div>
  );
}
