/** The documents behind one Ba/Bs figure, and the documents no form could take (with why). */
import { DataTable, type DataColumn } from '../../components/data-table';
import { t } from '../../i18n';
import type { BabsForm } from '../../domain/babs/classify';
import type { BabsLine, Unclassified } from '../../domain/babs/compute';
import { formatCount, formatMoney } from '../../domain/format';
import { sumMinor } from '../../domain/money';
import type { DocRow } from './babs-rows';

const href = (id: string) => `/invoices/${encodeURIComponent(id)}`;
const isForeign = (c: string) => c !== '' && !['TL', 'TRY', 'YTL'].includes(c.toUpperCase());

const DOC_COLUMNS: DataColumn<DocRow>[] = [
  { id: 'number', header: () => t('babs.docs.number'), value: (d) => d.number, primary: true, href: (d) => href(d.id), width: '10rem' },
  { id: 'date', header: () => t('babs.docs.date'), kind: 'date', value: (d) => d.date, width: '7.5rem' },
  { id: 'type', header: () => t('babs.docs.type'), value: (d) => (d.typeNote ? `${d.type || '—'} (${d.typeNote})` : d.type), width: '14rem', wrap: true },
  { id: 'net', header: () => t('babs.docs.net'), kind: 'money', value: (d) => d.net, footer: (rows) => formatMoney(sumMinor(rows.map((d) => d.net))) },
  { id: 'vat', header: () => t('babs.docs.vat'), kind: 'money', value: (d) => d.vat },
  { id: 'total', header: () => t('babs.docs.total'), kind: 'money', value: (d) => d.total },
  {
    id: 'currency',
    header: () => t('babs.docs.currency'),
    value: (d) => (isForeign(d.currency) ? t('babs.foreign', { currency: d.currency }) : d.currency || 'TL'),
    wrap: true,
  },
];

export function BabsDocuments({ line, form, onClose }: { line: BabsLine; form: BabsForm; onClose: () => void }) {
  const figure = line[form];
  return (
    <section className="babs-docs" aria-label={t('babs.docs.label')}>
      <header className="babs-docs__head">
        <h2>{t('babs.docs.title', { name: line.name, form: form === 'bs' ? t('babs.form.bs') : t('babs.form.ba') })}</h2>
        <button type="button" className="button button--small no-print" onClick={onClose}>
          {t('babs.docs.close')}
        </button>
      </header>
      <DataTable<DocRow>
        data={figure.docs}
        columns={DOC_COLUMNS}
        getRowId={(d) => d.id || d.number}
        aria-label={t('babs.docs.label')}
        tableId="babs-docs"
        virtualize={false}
        emptyMessage={t('babs.empty')}
      />
    </section>
  );
}

type URow = Unclassified;
const U_COLUMNS: DataColumn<URow>[] = [
  { id: 'name', header: () => t('babs.col.name'), value: (u) => u.name, wrap: true },
  { id: 'number', header: () => t('babs.docs.number'), value: (u) => u.doc.number, primary: true, href: (u) => href(u.doc.id), width: '10rem' },
  { id: 'type', header: () => t('babs.docs.type'), value: (u) => u.doc.type, width: '10rem' },
  { id: 'net', header: () => t('babs.docs.net'), kind: 'money', value: (u) => u.doc.net },
  { id: 'reason', header: () => t('babs.unclassified.reason'), value: (u) => u.reason, wrap: true },
];

export function BabsUnclassified({ items }: { items: readonly Unclassified[] }) {
  return (
    <section className="babs-unclassified" aria-label={t('babs.unclassified.title', { count: formatCount(items.length) })}>
      <h2>{t('babs.unclassified.title', { count: formatCount(items.length) })}</h2>
      <p>{t('babs.unclassified.hint')}</p>
      <DataTable<URow>
        data={items}
        columns={U_COLUMNS}
        getRowId={(u) => u.doc.id || u.doc.number}
        aria-label={t('babs.unclassified.title', { count: formatCount(items.length) })}
        tableId="babs-unclassified"
        virtualize={false}
      />
    </section>
  );
}
