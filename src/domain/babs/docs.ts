/** The get_fatura answer as Ba/Bs documents (the invoice alias table names the columns). */
import type { Cell, ErpTable } from '../erp-types';
import type { BabsDoc } from './compute';
import { foldKey } from '../turkish';
import { cellText } from '../cell-text';
import { invoiceTypeKey } from '../invoice-type-key';

const NET_KEYS = new Set(['nettotal', 'nettoplam', 'kdvharictoplam']);

const minorOf = (cell: Cell | undefined): number | null => (cell?.kind === 'number' ? cell.minor : null);

export function babsDocs(table: ErpTable): BabsDoc[] {
  const field = (f: string) => table.columns.find((c) => c.field === f)?.key;
  const text = (row: ErpTable['rows'][number], k: string | undefined) => (k ? cellText(row[k]) : '');
  const layout = {
    idKey: field('id'),
    numberKey: field('number'),
    dateKey: field('date'),
    accountIdKey: field('accountId'),
    companyKey: field('company'),
    typeKey: invoiceTypeKey(table.columns),
    totalKey: field('total'),
    currencyKey: field('currency'),
    text,
  };
  // Workcube's own column NETTOTAL (KDV hariç) has no alias of its own ("total" names the grand total).
  const netKey = field('net') ?? table.columns.find((c) => !c.field && c.kind === 'money' && NET_KEYS.has(foldKey(c.key)))?.key;
  const vatKey = field('taxTotal');
  const grossKey = field('gross') ?? layout.totalKey;
  return table.rows.map((row) => {
    const dateCell = layout.dateKey ? row[layout.dateKey] : undefined;
    const net = netKey ? minorOf(row[netKey]) : null;
    const gross = grossKey ? minorOf(row[grossKey]) : null;
    const vat = vatKey ? minorOf(row[vatKey]) : net !== null && gross !== null ? gross - net : null;
    return {
      id: layout.text(row, layout.idKey),
      number: layout.text(row, layout.numberKey),
      date: dateCell?.kind === 'date' ? dateCell.iso : null,
      accountId: layout.text(row, layout.accountIdKey),
      company: layout.text(row, layout.companyKey),
      type: layout.text(row, layout.typeKey),
      net,
      vat,
      total: gross,
      currency: layout.text(row, layout.currencyKey),
    };
  });
}
