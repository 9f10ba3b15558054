/**
 * The first ERP call of each page, started by its route (routes.tsx `prefetch`) while the page's
 * code loads. Loaded on demand (dynamic import) so that the query modules and the ERP reader are
 * not part of the /login bundle.
 */
import type { QueryClient } from '@tanstack/react-query';
import type { Params } from 'react-router-dom';
import { accountQueries } from '../api/accounts';
import { agingQueries } from '../api/aging';
import { invoiceQueries } from '../api/invoices';
import { statementQueries } from '../api/statement';

export type PagePrefetch = (queryClient: QueryClient, params: Params) => Promise<unknown>;

export const prefetchOverview: PagePrefetch = (qc) =>
  Promise.all([qc.prefetchQuery(accountQueries.list('')), qc.prefetchQuery(agingQueries.list(''))]);
export const prefetchAccounts: PagePrefetch = (qc) => qc.prefetchQuery(accountQueries.list(''));
export const prefetchStatement: PagePrefetch = (qc, p) => qc.prefetchQuery(statementQueries.detail(p.cariId ?? ''));
export const prefetchInvoice: PagePrefetch = (qc, p) => qc.prefetchQuery(invoiceQueries.detail(p.faturaId ?? ''));
