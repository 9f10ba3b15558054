/**
 * The query keys and ERP parameters of the calls a route can send before its page's code is in
 * (routes.tsx → client.startErp): one definition shared with the query modules (accounts.ts,
 * statement.ts), so an early request is always the very call the page's query makes, and the cache
 * check before it looks at the page's own key. No reader here: this is part of the first bundle.
 */
import type { ErpOperation } from './client';

export interface ErpCall {
  operation: ErpOperation;
  params: Record<string, string>;
  /** The React Query key whose data this call answers. */
  queryKey: readonly unknown[];
}

export const accountListKey = (q: string) => ['accounts', 'list', { q: q.trim() }] as const;
export const accountListCall = (q: string): ErpCall => ({ operation: 'get_cari', params: { firma_ismi: q.trim() }, queryKey: accountListKey(q) });

export const statementKey = (cariId: string) => ['statement', cariId] as const;
export const statementCall = (cariId: string): ErpCall => ({ operation: 'get_cari_extre', params: { cari_id: cariId.trim() }, queryKey: statementKey(cariId) });

export const agingListKey = (firma: string) => ['aging', 'list', { firma: firma.trim() }] as const;
export const agingListCall = (firma: string): ErpCall => ({ operation: 'get_yaslandirma', params: { firma_ismi: firma.trim() }, queryKey: agingListKey(firma) });
