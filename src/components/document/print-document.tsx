/**
 * The one print document: a statement, open items, aging, letters' lines, vade farkı —
 * any table that is sent — printed as A4 pages that each say whose document it is: our company's
 * title, the document's title, the account and the period, "Sayfa n / N", the subtotals carried from
 * the previous page at its head and to the next at its foot (nakli yekün), the grand total once at the
 * end. The pages are decided by paginate.ts — the same pages "PDF indir" writes (pdf-document.ts).
 *
 * Use: a DataTable's `printDocument` (the table's rows in the screen's order, its shown columns) —
 * rendered only while printing, into <body> beside the app: on paper only the document is printed
 * (not the app, its table, toolbars or buttons); on screen it is not shown.
 */
import { useMemo } from 'react';
import { createPortal } from 'react-dom';
import { t } from '../../i18n';
import { formatDateTime } from '../../domain/format';
import { headParts } from '../../domain/document/document-head';
import { fittedColumns, pageChrome, paginate, type DocColumn, type DocPage, type DocSpec } from '../../domain/document/paginate';
import { pageRule, usePageRule } from './page-rule';
import './print-document.css';

function CarryRow<R>({
  columns,
  values,
  label,
  className,
}: {
  columns: DocColumn<R>[];
  values: Partial<Record<string, string>>;
  label: string;
  className: string;
}) {
  // The label spans the columns before the first carried figure.
  const first = columns.findIndex((c) => values[c.id] != null);
  const span = first <= 0 ? 1 : first;
  return (
    <tr className={className}>
      <td colSpan={span} className="print-doc__label">
        {label}
      </td>
      {columns.slice(span).map((c) => (
        <td key={c.id} className={`print-doc__cell print-doc__cell--${c.align ?? 'start'}`}>
          {values[c.id] ?? ''}
        </td>
      ))}
    </tr>
  );
}

function Page<R>({
  spec,
  page,
  total,
  columns,
  madeAt,
  headHeight,
}: {
  spec: DocSpec<R>;
  page: DocPage<R>;
  total: number;
  columns: DocColumn<R>[];
  madeAt: string;
  headHeight: number;
}) {
  const { left, middle } = headParts(spec.head);
  const last = page.n === total;
  const sum = columns.reduce((s, c) => s + c.chars, 0);
  return (
    <section className="print-doc__page" aria-label={t('doc.page', { n: String(page.n), total: String(total) })}>
      <div className="print-doc__head" style={{ height: `${headHeight}pt` }}>
        <div className="print-doc__head-left">
          {left.map((l, i) => (
            <p key={i} className={i === 0 ? 'print-doc__company' : 'print-doc__title'}>
              {l}
            </p>
          ))}
        </div>
        <div className="print-doc__head-middle">
          {middle.map((l, i) => (
            <p key={i}>{l}</p>
          ))}
        </div>
        <div className="print-doc__head-right">
          <p className="print-doc__pageno">{t('doc.page', { n: String(page.n), total: String(total) })}</p>
          <p>
            {t('doc.madeAtLabel')}: {madeAt}
          </p>
        </div>
      </div>
      {page.n === 1 && spec.intro && spec.intro.length > 0 && (
        <ul className="print-doc__intro">
          {spec.intro.map((l, i) => (
            <li key={i}>{l}</li>
          ))}
        </ul>
      )}
      <table className="print-doc__table">
        <colgroup>
          {columns.map((c) => (
            <col key={c.id} style={{ width: `${((c.chars / sum) * 100).toFixed(2)}%` }} />
          ))}
        </colgroup>
        <thead>
          <tr>
            {columns.map((c) => (
              <th key={c.id} scope="col" className={`print-doc__cell--${c.align ?? 'start'}`}>
                {c.header}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {page.carriedIn && (
            <CarryRow columns={columns} values={page.carriedIn} label={t('doc.carriedIn')} className="print-doc__carry print-doc__carry--in" />
          )}
          {page.rows.map((row, i) => (
            <tr key={i}>
              {columns.map((c) => (
                <td key={c.id} className={`print-doc__cell print-doc__cell--${c.align ?? 'start'}${c.wrap ? ' print-doc__cell--wrap' : ''}`}>
                  {c.text(row)}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
        <tfoot>
          {!last && page.carriedOut && (
            <CarryRow columns={columns} values={page.carriedOut} label={t('doc.carriedOut')} className="print-doc__carry print-doc__carry--out" />
          )}
          {last && spec.grandTotal && <CarryRow columns={columns} values={spec.grandTotal} label={t('doc.grandTotal')} className="print-doc__grand" />}
        </tfoot>
      </table>
    </section>
  );
}

export function PrintDocument<R>({ spec }: { spec: DocSpec<R> }) {
  const pages = useMemo(() => paginate(spec), [spec]);
  const columns = useMemo(() => fittedColumns(spec.columns, spec.orientation), [spec]);
  const headHeight = useMemo(() => pageChrome(spec, columns).head, [spec, columns]);
  const madeAt = formatDateTime(spec.head.madeAt ?? new Date());
  usePageRule(pageRule(spec.orientation, '10mm', false), true);
  return createPortal(
    <div className={`print-doc print-doc--${spec.orientation}`} data-testid="print-document" data-pages={pages.length}>
      {pages.map((p) => (
        <Page key={p.n} spec={spec} page={p} total={pages.length} columns={columns} madeAt={madeAt} headHeight={headHeight} />
      ))}
    </div>,
    document.body,
  );
}
