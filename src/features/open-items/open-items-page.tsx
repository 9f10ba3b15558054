/**
 * /accounts/:cariId/acik-kalemler?asOf=&basis=&cur= — the open-items statement ("Açık kalemler"):
 * only what is still open at the as-of date, on the side of the balance (a customer's invoices, or a
 * supplier's), with the remaining amount, days past due and bucket — what an accountant sends to
 * collect. From the open-item engine (src/domain/ledger/); exported (CSV, Excel) through the one
 * DataTable; printed and "PDF indir" as a document (openItemsDocument: our company, the account, the
 * as-of date on every page, Σ tutar / Σ açık kalan carried from page to page, the total once).
 */
import { useMemo } from 'react';
import { balanceText } from '../../components/balance';
import { bucketLabel } from '../../components/aging/bucket-display';
import { DataTable, type DataColumn } from '../../components/data-table';
import { ErrorState } from '../../components/feedback';
import { useDocumentTitle } from '../../components/layout/document-title';
import { documentNumberOf } from '../../domain/document-number';
import { t } from '../../i18n';
import { formatCount, formatDate } from '../../domain/format';
import { accountLedger, type OpenItemsResult } from '../../domain/ledger';
import { tlBasisText } from '../../components/statement/tl-basis-note';
import type { Minor } from '../../domain/types';
import { useCompanyTitle } from '../../api/session';
import { useColumnPrefs } from '../../components/data-table/column-prefs';
import { documentFileName, type DocumentHead } from '../../domain/document/document-head';
import { PdfButton } from '../../components/document/pdf-button';
import { LedgerControls, LedgerHead } from './ledger-controls';
import { OpenItemsFacts } from './open-items-facts';
import { openItemsColumns, openItemsDocument, type OpenRow } from './open-items-document';
import { useLedgerAccount } from './use-ledger-account';
import { AccountNotFound } from '../../components/statement/account-not-found';
import './open-items.css';

export default function OpenItemsPage() {
  const { loading, missing, cariId, update, statement, lines, name, asOf, futureAsked, basis, currencies, currency, docKey, foreign } = useLedgerAccount();
  useDocumentTitle(name ? t('ledger.openItems.titleFor', { name }) : undefined);
  // The account view: every currency, each of its own lines; the table shows the chosen one.
  const ledger = useMemo(() => (lines ? accountLedger(lines, { asOf, basis }) : null), [lines, asOf, basis]);
  const result = ledger?.view(currency)?.items ?? null;
  const others = ledger ? ledger.views.filter((v) => v.currency !== currency) : [];
  const othersText =
    others.length > 0
      ? t('ledger.openItems.otherCurrencies', {
          list: others
            .map((v) =>
              t('ledger.openItems.otherCurrency', {
                currency: v.currency,
                open: balanceText(v.sign * v.openTotal, v.currency),
                overdue: balanceText(v.sign * v.overdueTotal, v.currency),
                count: formatCount(v.overdueCount),
              }),
            )
            .join(' · '),
        })
      : null;
  const rows = useMemo<OpenRow[]>(() => {
    if (!result || !lines) return [];
    const labels = new Map(result.buckets.map((b) => [b.key, bucketLabel(b)]));
    labels.set('undated', t('aging.bucket.undated'));
    return result.items
      .filter((i) => i.remaining > 0)
      .map((i) => ({
        index: i.index,
        date: i.date,
        dueDate: i.dueDate,
        type: lines[i.pos]!.type,
        documentNo: documentNumberOf(lines[i.pos], docKey),
        amount: i.amount,
        remaining: i.remaining,
        days: i.days,
        bucket: labels.get(i.bucket) ?? i.bucket,
      }));
  }, [result, lines, docKey]);
  const cols = useMemo(() => openItemsColumns(currency), [currency]);
  const company = useCompanyTitle();
  // The columns the table shows (the column chooser's choice): the print and the PDF show the same.
  const shownColumns = useColumnPrefs('openItems', cols).visible;
  const signed = (m: Minor) => (result ? m * result.sign : m);
  const title = name ? t('ledger.openItems.titleFor', { name }) : t('ledger.openItems.title');
  const cur = currency === 'TL' ? undefined : currency;
  const documentHead: DocumentHead = {
    company,
    title: t('doc.title.openItems'),
    short: t('doc.short.openItems'),
    account: { id: cariId, name: name ?? cariId },
    asOf,
  };
  const docSpec = (r: OpenItemsResult, view: readonly OpenRow[], viewColumns: readonly DataColumn<OpenRow>[]) =>
    openItemsDocument({ ...documentHead, madeAt: new Date() }, viewColumns, view, {
      side: t(r.side === 'debit' ? 'ledger.side.debit' : 'ledger.side.credit'),
      openTotal: balanceText(signed(r.openTotal), cur),
      overdue: balanceText(signed(r.overdueTotal), cur),
      overdueCount: r.overdueCount,
      basis: t(basis === 'transaction' ? 'ledger.basis.transaction' : 'ledger.basis.due'),
      currency,
      // On paper as on screen: the other currencies, and what the TL figure is.
      others: [othersText, tlBasisText('own', foreign)].filter(Boolean).join(' ') || null,
    });

  if (missing) return <AccountNotFound cariId={cariId} />;
  return (
    <div className="ledger-page">
      <LedgerHead cariId={cariId} title={title} subtitle={t('ledger.openItems.subtitle', { date: formatDate(asOf) })}>
        <PdfButton
          disabled={!result}
          parts={() => [{ kind: 'table', spec: docSpec(result!, rows, shownColumns) as never }]}
          fileName={() => documentFileName({ ...documentHead, madeAt: new Date() }, 'pdf')}
          title={t('doc.title.openItems')}
        />
      </LedgerHead>
      <LedgerControls asOf={asOf} futureAsked={futureAsked} basis={basis} currency={currency} currencies={currencies} update={update} />
      {statement.isError && <ErrorState title={t('ledger.error.title')} error={statement.error} onRetry={() => void statement.refetch()} />}
      {result && <OpenItemsFacts result={result} signed={signed} currency={cur} othersText={othersText} foreign={foreign} />}
      <DataTable<OpenRow>
        data={rows}
        columns={cols}
        getRowId={(r) => String(r.index)}
        aria-label={t('ledger.openItems.table')}
        loading={loading}
        error={statement.error ?? undefined}
        onRetry={() => void statement.refetch()}
        emptyMessage={t('ledger.openItems.empty')}
        csvFileName={`${t('ledger.openItems.file')}-${cariId}-${asOf}`}
        tableId="openItems"
        printDocument={result ? (view) => docSpec(result, view.rows, view.columns) : undefined}
        sheetName={`${t('ledger.openItems.title')} ${cariId}`}
        exportTotals={result ? { remaining: result.openTotal } : undefined}
        totalsRow={
          result
            ? { date: t('ledger.openItems.totalShort'), remaining: <span data-testid="open-items-sum">{balanceText(signed(result.openTotal), cur)}</span> }
            : undefined
        }
      />
    </div>
  );
}
