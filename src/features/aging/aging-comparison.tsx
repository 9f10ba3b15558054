/** The FIFO-vs-ERP bucket comparison of one account: its columns and the totals notice. */
import type { DataColumn } from '../../components/data-table';
import { BalanceText, balanceText } from '../../components/balance';
import { ErrorState } from '../../components/feedback';
import { t } from '../../i18n';
import { LOCAL_CURRENCY } from '../../lib/currency';
import { formatMoney } from '../../lib/format';
import type { Minor } from '../../lib/types';

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
    { id: 'fifo', header: () => t('aging.fifo.col.fifoIn', { currency }), kind: 'money', value: (r) => r.fifo, exportHeader: signedTitle(() => t('aging.fifo.col.fifoIn', { currency })), cell: (r) => balance(r.fifo), sortable: false },
    { id: 'erp', header: () => t('aging.fifo.col.erpIn', { currency: ERP_AGING_CURRENCY }), kind: 'money', value: (r) => r.erp, exportHeader: signedTitle(() => t('aging.fifo.col.erpIn', { currency: ERP_AGING_CURRENCY })), cell: (r) => balance(r.erp), sortable: false },
  ];
}

export function Comparison({
  erpLoaded,
  erpError,
  onErpRetry,
  erpTotal,
  fifoTotal,
  currency,
}: {
  erpLoaded: boolean;
  erpError?: unknown;
  onErpRetry?: () => void;
  erpTotal: Minor | null;
  fifoTotal: Minor;
  currency: string;
}) {
  if (currency !== ERP_AGING_CURRENCY) {
    return <p className="notice">{t('aging.fifo.compare.otherCurrency', { currency, erpCurrency: ERP_AGING_CURRENCY })}</p>;
  }
  if (erpError != null) return <ErrorState title={t('aging.fifo.compare.erpFailed')} error={erpError} onRetry={onErpRetry} />;
  if (!erpLoaded) return null;
  const which = t('aging.fifo.compare.which', { currency });
  if (erpTotal === null) return <p className="notice">{t('aging.fifo.compare.noErp')}</p>;
  if (erpTotal === fifoTotal) {
    return (
      <p className="notice notice--ok" role="status">
        {`${which} ${t('aging.fifo.compare.same', { total: balanceText(fifoTotal) })}`}
      </p>
    );
  }
  return (
    <p className="notice notice--warn" role="alert">
      {`${which} ${t('aging.fifo.compare.diff', { erp: balanceText(erpTotal), fifo: balanceText(fifoTotal), diff: formatMoney(Math.abs(erpTotal - fifoTotal)) })}`}
    </p>
  );
}
