/**
 * Columns of the statement table. Rows are StatementRow (src/domain/running-balance.ts): the devir row and
 * the lines of the range. Sorting is off on purpose: the running balance only means something in
 * date order. Every extra key the ERP returned gets a column; a document number that looks like
 * an invoice number links to /invoices?no=…&open=1 (straight to the invoice when the number is unique,
 * else the matching list).
 */
import { Link } from 'react-router-dom';
import type { ErpColumn } from '../../domain/erp-types';
import { BalanceText, balanceText } from '../../components/balance';
import { erpDataColumns, type DataColumn } from '../../components/data-table';
import { InvalidValue } from '../../components/data-table/erp-columns';
import { t } from '../../i18n';
import { csvMoney, formatDate, formatMoney } from '../../domain/format';
import { LOCAL_CURRENCY, normalizeCurrency } from '../../domain/currency';
import type { IsoDate, Minor } from '../../domain/types';
import type { FxRange } from '../../domain/running-balance';
import { isDocumentNumberColumn, looksLikeInvoiceNumber } from '../../domain/document-number';
import type { StatementRow } from '../../domain/running-balance';

/**
 * An amount or balance that includes an unreadable amount: "eksik ⚠", never a figure
 * (running-balance.ts, `incomplete`).
 */
export function IncompleteAmount() {
  return (
    <span className="amount-incomplete" title={t('statement.incomplete.hint')}>
      {t('statement.incomplete')}
      <span aria-hidden="true"> ⚠</span>
      <span className="visually-hidden"> ({t('statement.incomplete.hint')})</span>
    </span>
  );
}

function amountCell(r: StatementRow, field: 'debit' | 'credit') {
  const raw = r.line?.invalid[field];
  if (raw !== undefined) return <InvalidValue raw={raw} />;
  if (r.kind === 'opening' && r.incomplete) return <IncompleteAmount />;
  const v = r[field];
  return v !== 0 || r.kind === 'opening' ? formatMoney(v) : '';
}

/** The same as text (print, PDF). */
function amountText(r: StatementRow, field: 'debit' | 'credit'): string {
  const raw = r.line?.invalid[field];
  if (raw !== undefined) return raw;
  if (r.kind === 'opening' && r.incomplete) return t('statement.incomplete');
  const v = r[field];
  return v !== 0 || r.kind === 'opening' ? formatMoney(v) : '';
}

function dateCell(r: StatementRow, field: 'date' | 'dueDate') {
  const l = r.line;
  if (!l) return '';
  const raw = l.invalid[field];
  if (raw !== undefined) return <InvalidValue raw={raw} />;
  const iso = l[field];
  if (!iso) return '';
  if (field === 'dueDate' && r.overdue) {
    return (
      <span className="overdue-date">
        {formatDate(iso)}{' '}
        <span className="overdue-badge" title={t('statement.overdue.mark')} aria-hidden="true">
          ⚠
        </span>
        <span className="visually-hidden">{t('statement.overdue.mark')}</span>
      </span>
    );
  }
  return formatDate(iso);
}

/**
 * Foreign-currency columns (only when lines carry a foreign currency): the line's currency, its
 * amount in that currency, and one running balance per foreign currency next to the TL one.
 * Ordinary columns: CSV, print and every other export take them like the rest.
 */
function currencyColumns(fx: FxRange, filtered: boolean): DataColumn<StatementRow>[] {
  const fxBalance = (r: StatementRow, k: number): Minor | null =>
    r.line ? (fx.rowBalances.get(r.line.index)?.balances[k] ?? null) : (fx.opening?.[k] ?? null);
  const incomplete = (r: StatementRow, k: number) => (r.line ? (fx.rowBalances.get(r.line.index)?.incomplete[k] ?? false) : false);
  const columns: DataColumn<StatementRow>[] = [
    {
      id: 'currency',
      header: () => t('statement.col.currency'),
      width: '4.5rem',
      value: (r) => (r.line ? (normalizeCurrency(r.line.currency) ?? LOCAL_CURRENCY) : ''),
    },
    {
      id: 'currencyAmount',
      header: () => t('statement.col.currencyAmount'),
      kind: 'money',
      width: '11rem',
      value: (r) => r.line?.currencyAmount ?? null,
      cell: (r) => {
        const raw = r.line?.invalid.currencyAmount;
        if (raw !== undefined) return <InvalidValue raw={raw} />;
        const v = r.line?.currencyAmount;
        return v == null ? '' : `${formatMoney(v)} ${normalizeCurrency(r.line!.currency) ?? LOCAL_CURRENCY}`;
      },
      printText: (r) => {
        const raw = r.line?.invalid.currencyAmount;
        if (raw !== undefined) return raw;
        const v = r.line?.currencyAmount;
        return v == null ? '' : `${formatMoney(v)} ${normalizeCurrency(r.line!.currency) ?? LOCAL_CURRENCY}`;
      },
      csv: (r) => r.line?.invalid.currencyAmount ?? (r.line?.currencyAmount != null ? csvMoney(r.line.currencyAmount) : ''),
    },
  ];
  // Under a type filter no running balance is shown (it would not be the shown lines' figure).
  if (!filtered)
    fx.currencies.forEach((currency, k) => {
      columns.push({
        id: `fx:${currency}`,
        header: () => t('statement.col.balanceIn', { currency }),
        kind: 'money',
        width: '11.5rem',
        value: (r) => fxBalance(r, k),
        cell: (r) => {
          const v = fxBalance(r, k);
          if (v === null) return '';
          if (incomplete(r, k)) {
            return (
              <span className="balance--incomplete" title={t('statement.fx.incomplete', { currency })}>
                <BalanceText minor={v} currency={currency} /> ?
              </span>
            );
          }
          return <BalanceText minor={v} currency={currency} />;
        },
        printText: (r) => {
          const v = fxBalance(r, k);
          return v === null ? '' : `${balanceText(v, currency)}${incomplete(r, k) ? ' ?' : ''}`;
        },
        // CSV/Excel: signed (borçlu +, alacaklı −), in the column's currency; the header says so.
        exportHeader: () => t('common.table.balanceExport', { header: t('statement.col.balanceIn', { currency }) }),
        csv: (r) => {
          const v = fxBalance(r, k);
          return v === null ? '' : csvMoney(v);
        },
      });
    });
  // The running balances per currency right next to the TL one; then the line's currency and amount.
  return [...columns.slice(2), ...columns.slice(0, 2)];
}

/**
 * `filtered` (a type filter is on): no running-balance column — the account's balance after a line
 * is not a figure of the shown lines, and read down a filtered list it jumps between rows.
 */
export function statementColumns(extra: readonly ErpColumn[], from: IsoDate | null, fx: FxRange | null = null, filtered = false): DataColumn<StatementRow>[] {
  const base: DataColumn<StatementRow>[] = [
    {
      id: 'date',
      header: () => t('statement.col.date'),
      kind: 'date',
      width: '7.5rem',
      value: (r) => r.line?.date ?? null,
      cell: (r) => dateCell(r, 'date'),
      csv: (r) => (r.line ? (r.line.date ? formatDate(r.line.date) : (r.line.invalid.date ?? '')) : ''),
    },
    {
      id: 'dueDate',
      header: () => t('statement.col.dueDate'),
      kind: 'date',
      width: '8.5rem',
      value: (r) => r.line?.dueDate ?? null,
      cell: (r) => dateCell(r, 'dueDate'),
      csv: (r) => (r.line ? (r.line.dueDate ? formatDate(r.line.dueDate) : (r.line.invalid.dueDate ?? '')) : ''),
    },
    {
      id: 'type',
      header: () => t('statement.col.type'),
      width: '13.5rem',
      value: (r) => (r.line ? r.line.type : from ? t('statement.opening.until', { date: formatDate(from) }) : t('statement.opening')),
    },
    {
      id: 'debit',
      header: () => t('statement.col.debit'),
      kind: 'money',
      // Wide enough for a 50k-line total in the bold totals row ("2.622.908.537,91").
      width: '11.5rem',
      value: (r) => r.debit,
      cell: (r) => amountCell(r, 'debit'),
      printText: (r) => amountText(r, 'debit'),
      csv: (r) => r.line?.invalid.debit ?? (r.kind === 'opening' && r.incomplete ? t('statement.incomplete') : csvMoney(r.debit)),
    },
    {
      id: 'credit',
      header: () => t('statement.col.credit'),
      kind: 'money',
      // Wide enough for a 50k-line total in the bold totals row ("2.622.908.537,91").
      width: '11.5rem',
      value: (r) => r.credit,
      cell: (r) => amountCell(r, 'credit'),
      printText: (r) => amountText(r, 'credit'),
      csv: (r) => r.line?.invalid.credit ?? (r.kind === 'opening' && r.incomplete ? t('statement.incomplete') : csvMoney(r.credit)),
    },
    {
      id: 'balance',
      header: () => t('statement.col.balance'),
      kind: 'money',
      width: '11rem',
      value: (r) => r.balance,
      cell: (r) => (r.incomplete ? <IncompleteAmount /> : <BalanceText minor={r.balance} />),
      printText: (r) => (r.incomplete ? t('statement.incomplete') : balanceText(r.balance)),
      // CSV/Excel: signed running balance (borçlu +, alacaklı −), the header says so; "eksik" when it includes an unreadable amount.
      exportHeader: () => t('common.table.balanceExport', { header: t('statement.col.balance') }),
      csv: (r) => (r.incomplete ? t('statement.incomplete') : csvMoney(r.balance)),
    },
  ];
  const extras = erpDataColumns(extra).map((c, i): DataColumn<StatementRow> => {
    const col = extra[i]!;
    const isDoc = isDocumentNumberColumn(col);
    return {
      id: `x:${c.id}`,
      header: c.header,
      kind: c.kind,
      width: isDoc ? '11rem' : undefined,
      value: (r) => (r.line ? c.value(r.line.extras) : null),
      cell: (r) => {
        if (!r.line) return '';
        const cell = r.line.extras[col.key];
        if (isDoc && cell?.kind === 'text' && looksLikeInvoiceNumber(cell.text)) {
          const no = cell.text.trim();
          return (
            <Link to={`/invoices?${new URLSearchParams({ no, firma: '', open: '1' }).toString()}`} title={t('statement.invoiceLink', { no })}>
              {no}
            </Link>
          );
        }
        return c.cell ? c.cell(r.line.extras) : '';
      },
    };
  });
  const shownBase = filtered ? base.filter((c) => c.id !== 'balance') : base;
  return [...shownBase, ...(fx ? currencyColumns(fx, filtered) : []), ...extras].map((c) => ({ ...c, sortable: false }));
}
