/** The FIFO-vs-ERP bucket comparison of one account: its columns and the totals notice. */
import type { DataColumn } from '../../components/data-table';
import { BalanceText, balanceText } from '../../components/balance';
import { ErrorState } from '../../components/feedback';
import { t } from '../../i18n';
import { LOCAL_CURRENCY } from '../../domain/currency';
import { formatCount, formatMoney } from '../../domain/format';
import type { Minor } from '../../domain/types';

export interface CompareRow {
  key: string;
  label: string;
  fifo: Minor | null;
  erp: Minor | null;
}

const dash = '—';
/** Bucket amounts are balances: "1.234,56 B" / "A" like everywhere on screen (— when absent). */
export const balance = (v: Minor | null) => (v === null ? dash : <BalanceText minor={v} />);
const signedTitle = (label: () => string) => () => t('common.table.balanceExport', { header: label() });

/** The currency of the ERP's aging answer: Workcube ages in the accounting currency. */
export const ERP_AGING_CURRENCY = LOCAL_CURRENCY;

/** Bucket comparison columns; the headers say which currency each side is in. */
export function compareColumns(currency: string): DataColumn<CompareRow>[] {
  return [
    { id: 'label', header: () => t('aging.fifo.col.bucket'), value: (r) => r.label, sortable: false, width: '40%' },
    {
      id: 'fifo',
      header: () => t('aging.fifo.col.fifoIn', { currency }),
      kind: 'money',
      value: (r) => r.fifo,
      exportHeader: signedTitle(() => t('aging.fifo.col.fifoIn', { currency })),
      cell: (r) => balance(r.fifo),
      sortable: false,
    },
    {
      id: 'erp',
      header: () => t('aging.fifo.col.erpIn', { currency: ERP_AGING_CURRENCY }),
      kind: 'money',
      value: (r) => r.erp,
      exportHeader: signedTitle(() => t('aging.fifo.col.erpIn', { currency: ERP_AGING_CURRENCY })),
      cell: (r) => balance(r.erp),
      sortable: false,
    },
  ];
}

/** The bucket rows that disagree (a bucket only one side has counts when it is not 0). */
export function differingBuckets(rows: readonly CompareRow[]): CompareRow[] {
  return rows.filter((r) => (r.fifo ?? 0) !== (r.erp ?? 0));
}

/**
 * The comparison in words: "agree" only when every bucket and the total agree; otherwise which
 * buckets differ and by how much.
 */
export function Comparison({
  erpLoaded,
  erpError,
  onErpRetry,
  erpTotal,
  fifoTotal,
  rows,
  currency,
}: {
  erpLoaded: boolean;
  erpError?: unknown;
  onErpRetry?: () => void;
  erpTotal: Minor | null;
  fifoTotal: Minor;
  rows: readonly CompareRow[];
  currency: string;
}) {
  if (currency !== ERP_AGING_CURRENCY) {
    return <p className="notice">{t('aging.fifo.compare.otherCurrency', { currency, erpCurrency: ERP_AGING_CURRENCY })}</p>;
  }
  if (erpError != null) return <ErrorState title={t('aging.fifo.compare.erpFailed')} error={erpError} onRetry={onErpRetry} />;
  if (!erpLoaded) return null;
  const which = t('aging.fifo.compare.which', { currency });
  if (erpTotal === null) return <p className="notice">{t('aging.fifo.compare.noErp')}</p>;
  const differing = differingBuckets(rows);
  if (differing.length === 0 && erpTotal === fifoTotal) {
    return (
      <p className="notice notice--ok" role="status">
        {`${which} ${t('aging.fifo.compare.same', { total: balanceText(fifoTotal) })}`}
      </p>
    );
  }
  const parts = differing.map((r) =>
    t('aging.fifo.compare.bucketDiff', {
      bucket: r.label,
      erp: balanceText(r.erp ?? 0),
      fifo: balanceText(r.fifo ?? 0),
      diff: formatMoney(Math.abs((r.erp ?? 0) - (r.fifo ?? 0))),
    }),
  );
  const total =
    erpTotal === fifoTotal
      ? t('aging.fifo.compare.totalSame', { total: balanceText(fifoTotal) })
      : t('aging.fifo.compare.diff', { erp: balanceText(erpTotal), fifo: balanceText(fifoTotal), diff: formatMoney(Math.abs(erpTotal - fifoTotal)) });
  return (
    <div className="notice notice--warn" role="alert" data-testid="fifo-compare">
      <p>
        {`${which} ${differing.length > 0 ? t('aging.fifo.compare.buckets', { count: formatCount(differing.length) }) : ''} ${total}`
          .replace(/\s+/g, ' ')
          .trim()}
      </p>
      {parts.length > 0 && (
        <ul>
          {parts.map((p) => (
            <li key={p}>{p}</li>
          ))}
        </ul>
      )}
    </div>
  );
}
