/**
 * The month's Ba/Bs result: every invoice (get_fatura, both criteria empty), and for the accounts
 * with a document whose type does not tell the form, their statements (at most STATEMENT_LIMIT
 * accounts; the rest stay unclassified with why).
 */
import { useMemo } from 'react';
import { useQueries, useQuery } from '@tanstack/react-query';
import { invoiceQueries } from '../../api/invoices';
import { statementQueries } from '../../api/statement';
import type { Statement } from '../../domain/erp-types';
import { computeBabs, type BabsResult, type StatementHint } from '../../domain/babs/compute';
import type { Minor } from '../../domain/types';
import { babsDocs } from '../../domain/babs/docs';

const STATEMENT_LIMIT = 30;

export function useBabs(month: string | null, threshold: Minor | null) {
  const query = useQuery({ ...invoiceQueries.list({ no: '', firma: '' }), enabled: month !== null && threshold !== null });
  const docs = useMemo(() => (query.data ? babsDocs(query.data) : null), [query.data]);
  const first = useMemo(() => (docs && month && threshold !== null ? computeBabs(docs, month, threshold) : null), [docs, month, threshold]);
  const ids = useMemo(() => [...new Set((first?.unclassified ?? []).map((u) => u.accountId).filter(Boolean))].slice(0, STATEMENT_LIMIT), [first]);
  const statements = useQueries({
    queries: ids.map((id) => ({ ...statementQueries.detail(id), retry: false })),
    combine: (results) => results.map((r) => (r.data && (r.data as { complete?: boolean }).complete !== false ? (r.data as Statement) : undefined)),
  });
  const result: BabsResult | null = useMemo(() => {
    if (!first || !docs || !month || threshold === null || ids.length === 0) return first;
    const byId = new Map<string, StatementHint[]>();
    ids.forEach((id, i) => {
      const s = statements[i];
      if (s)
        byId.set(
          id,
          s.lines.map((l) => ({ date: l.date, debit: l.debit, credit: l.credit, type: l.type })),
        );
    });
    return byId.size === 0 ? first : computeBabs(docs, month, threshold, (d) => byId.get(d.accountId));
  }, [first, docs, month, threshold, ids, statements]);
  return { query, result };
}
