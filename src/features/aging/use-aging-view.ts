/**
 * The aging page's state: the URL's search, side, overdue and account (?cari=), the ERP's aging, its
 * layout and the rows shown, each side's summary, and the ?cari= account's ERP row.
 */
import { useEffect, useMemo, useRef, useState, type FormEvent } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useNavigate } from 'react-router-dom';
import { statementQueries } from '../../api/statement';
import { agingQueries } from '../../api/aging';
import { useCompanyTitle } from '../../api/session';
import { useAccountName } from '../../components/statement/account-name';
import { sortingFromParam } from '../../components/data-table';
import type { ErpRow } from '../../components/data-table/erp-columns';
import { tooLongMessage } from '../../components/form/field-limit';
import { useUrlFilter } from '../../components/data-table/use-url-filter';
import { foldTr } from '../../domain/turkish';
import type { ErpTable } from '../../domain/erp-types';
import { agingLayout, agingReportDate, cellText, hasOverdue, onSide, sideFigures, type AgingSide } from '../../domain/aging-buckets';
import { useToday } from '../../lib/use-today';
import { useUrlParams, withParams } from '../../lib/search-params';
import { t } from '../../i18n';

const EMPTY_TABLE: ErpTable = { columns: [], rows: [], warnings: 0 };

export type AgingView = ReturnType<typeof useAgingView>;

export function useAgingView() {
  const [params, setParams] = useUrlParams();
  const company = useCompanyTitle();
  const today = useToday();
  const navigate = useNavigate();
  const firma = params.get('firma') ?? '';
  const cari = params.get('cari') ?? '';
  const [q, setQ] = useUrlFilter('q');
  const sorting = sortingFromParam(params.get('sort'));
  const side: AgingSide | null = params.get('side') === 'B' || params.get('side') === 'A' ? (params.get('side') as AgingSide) : null;
  const onlyOverdue = params.get('overdue') === '1';
  const [draft, setDraft] = useState(firma);
  const [lastFirma, setLastFirma] = useState(firma);
  if (lastFirma !== firma) {
    // Back/forward changed the URL: the box follows it.
    setLastFirma(firma);
    setDraft(firma);
  }
  // "Hesapla" opens the panel above: the list below starts again at its left edge, the page at the
  // panel (a list left scrolled sideways hid its first columns).
  const pageRef = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (!cari) return;
    const box = pageRef.current?.querySelector<HTMLElement>('.aging-list .dt-scroll');
    if (box) box.scrollLeft = 0;
    pageRef.current?.querySelector('.fifo-panel')?.scrollIntoView?.({ block: 'start' });
  }, [cari]);

  // Longer than the gateway accepts (a link, a paste): said next to the box, nothing is asked of the ERP.
  const firmaTooLong = (v: string) => tooLongMessage(t('aging.search.label'), v);
  const firmaValid = !firmaTooLong(firma);
  const query = useQuery({ ...agingQueries.list(firma), enabled: firmaValid });
  const table = query.data ?? EMPTY_TABLE;
  const layout = useMemo(() => agingLayout(table.columns), [table]);
  // The day the ERP made this aging (when its answer says): the page, its documents and the FIFO panel go by it.
  const reportDate = agingReportDate(table, layout);
  const asOf = reportDate ?? today;
  const sideFilter = useMemo(() => {
    if (!side && !onlyOverdue) return null;
    return (row: ErpRow) => (!side || onSide(row, layout, side)) && (!onlyOverdue || hasOverdue(row, layout));
  }, [side, onlyOverdue, layout]);
  const shownRows = useMemo(() => (sideFilter ? table.rows.filter(sideFilter) : table.rows), [table, sideFilter]);

  const update = (patch: Record<string, string | null>, replace = false) => setParams((prev) => withParams(prev, patch), { replace });

  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    if (firmaTooLong(draft)) return;
    // "firma" stays in the URL even when empty: an empty search is a real search.
    setParams((prev) => {
      const next = new URLSearchParams(prev);
      next.set('firma', draft.trim());
      next.delete('cari');
      next.delete('q');
      return next;
    });
  };

  // One summary per side (receivables, payables), over the rows shown; never netted.
  const summaries = useMemo(() => {
    const shown = { ...table, rows: shownRows };
    return (side ? [side] : (['B', 'A'] as const)).map((sd) => sideFigures(shown, layout, sd));
  }, [table, shownRows, layout, side]);

  // ?cari=<id>: the ERP's aging row by id when the answer carries ids; else (or when the id is not
  // there) by the account's name (useAccountName: a cached list, the statement answer, the user's
  // shortcuts, or — only when none has it — the account list).
  const idRow = cari && layout.accountIdKey ? table.rows.find((r) => cellText(r[layout.accountIdKey!]) === cari) : undefined;
  const cariStatement = useQuery({ ...statementQueries.detail(cari), enabled: !!cari });
  const resolvedName = useAccountName(cari, { statement: cariStatement, needed: !!cari && query.isSuccess && !idRow });
  const cariRow = useMemo(() => {
    if (idRow || !resolvedName || !layout.nameKey) return idRow;
    const want = foldTr(resolvedName.trim());
    return table.rows.find((r) => foldTr(cellText(r[layout.nameKey!]).trim()) === want);
  }, [idRow, resolvedName, layout, table]);
  const cariName = (cariRow && layout.nameKey ? cellText(cariRow[layout.nameKey]) : '') || resolvedName || '';

  return {
    params,
    company,
    navigate,
    pageRef,
    firma,
    cari,
    q,
    setQ,
    sorting,
    side,
    onlyOverdue,
    draft,
    setDraft,
    draftError: firmaTooLong(draft),
    firmaValid,
    onSubmit,
    update,
    query,
    table,
    layout,
    reportDate,
    asOf,
    sideFilter,
    summaries,
    cariRow,
    cariName,
  };
}
