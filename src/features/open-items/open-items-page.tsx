/**
 * /accounts/:cariId/acik-kalemler?asOf=&basis=&cur= — the open-items statement ("Açık kalemler"):
 * only what is still open at the as-of date, on the side of the balance (a customer's invoices, or a
 * supplier's), with the remaining amount, days past due and bucket — what an accountant sends to
 * collect. From the open-item engine (src/lib/ledger.ts); printed and exported (CSV, Excel) through
 * the one DataTable.
 */
import { useMemo } from 'react';
import { BalanceText, balanceText } from '../../components/balance';
import { bucketLabel } from '../../components/aging/bucket-display';
import { daysPastDueColumn } from '../../components/aging/days-past-due';
import { DataTable, type DataColumn } from '../../components/data-table';
import { ErrorState } from '../../components/feedback';
import { useDocumentTitle } from '../../components/layout/document-title';
import { documentNumberOf } from '../../components/statement/document-number';
import { t } from '../../i18n';
import { formatCount, formatDate } from '../../lib/format';
import { openItems } from '../../lib/ledger';
import type { IsoDate, Minor } from '../../lib/types';
import { LedgerControls, LedgerHead } from './ledger-controls';
import { useLedgerAccount } from './use-ledger-account';
import './open-items.css';

interface OpenRow {
  index: number;
  date: IsoDate | null;
  dueDate: IsoDate | null;
  type: string;
  documentNo: string;
  amount: Minor;
  remaining: Minor;
  days: number | null;
  bucket: string;
}

function columns(currency: string): DataColumn<OpenRow>[] {
  return [
    { id: 'date', header: () => t('ledger.col.date'), kind: 'date', value: (r) => r.date, width: '7.5rem' },
    { id: 'dueDate', header: () => t('ledger.col.dueDate'), kind: 'date', value: (r) => r.dueDate, width: '7.5rem' },
    { id: 'type', header: () => t('ledger.col.type'), value: (r) => r.type, width: '12rem' },
    { id: 'documentNo', header: () => t('ledger.col.documentNo'), value: (r) => r.documentNo, width: '10rem' },
    { id: 'amount', header: () => `${t('ledger.col.amount')} (${currency})`, kind: 'money', value: (r) => r.amount, width: '10rem' },
    { id: 'remaining', header: () => `${t('ledger.col.remaining')} (${currency})`, kind: 'money', value: (r) => r.remaining, width: '10rem' },
    daysPastDueColumn<OpenRow>(() => t('ledger.col.days'), (r) => r.days, '7rem'),
    { id: 'bucket', header: () => t('ledger.col.bucket'), value: (r) => r.bucket, width: '9rem' },
  ];
}

export default function OpenItemsPage() {
  const { loading, cariId, update, statement, lines, name, asOf, basis, currencies, currency, docKey } = useLedgerAccount();
  useDocumentTitle(name ? t('ledger.openItems.titleFor', { name }) : undefined);
  const result = useMemo(() => (lines ? openItems(lines, { asOf, basis, currency }) : null), [lines, asOf, basis, currency]);
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
  const cols = useMemo(() => columns(currency), [currency]);
  const signed = (m: Minor) => (result ? m * result.sign : m);
  const title = name ? t('ledger.openItems.titleFor', { name }) : t('ledger.openItems.title');
  const cur = currency === 'TL' ? undefined : currency;

  return (
    <div className="ledger-page">
      <LedgerHead cariId={cariId} title={title} subtitle={t('ledger.openItems.subtitle', { date: formatDate(asOf) })} />
      <LedgerControls asOf={asOf} basis={basis} currency={currency} currencies={currencies} update={update} />
      {statement.isError && <ErrorState title={t('ledger.error.title')} error={statement.error} onRetry={() => void statement.refetch()} />}
      {result && (
        <>
          <p className="notice" data-testid="open-items-side">
            {t(result.side === 'debit' ? 'ledger.side.debit' : 'ledger.side.credit')}
          </p>
          {result.unreadable > 0 && <p className="notice notice--warn">{t('ledger.unreadable', { count: formatCount(result.unreadable) })}</p>}
          {result.excluded > 0 && <p className="notice">{t('ledger.excluded', { count: formatCount(result.excluded) })}</p>}
          <dl className="ledger-facts">
            <div>
              <dt>{t('ledger.openItems.total')}</dt>
              <dd className="num" data-testid="open-items-total">
                <BalanceText minor={signed(result.openTotal)} currency={cur} />
              </dd>
            </div>
            <div>
              <dt>{t('aging.summary.overdue')}</dt>
              <dd className="num" data-testid="open-items-overdue">
                {t('ledger.openItems.overdue', { amount: balanceText(signed(result.overdueTotal), cur), count: formatCount(result.overdueCount) })}
              </dd>
            </div>
          </dl>
        </>
      )}
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
        sheetName={`${t('ledger.openItems.title')} ${cariId}`}
        exportTotals={result ? { remaining: result.openTotal } : undefined}
        totalsRow={result ? { date: t('ledger.openItems.totalShort'), remaining: <span data-testid="open-items-sum">{balanceText(signed(result.openTotal), cur)}</span> } : undefined}
      />
    </div>
  );
}
