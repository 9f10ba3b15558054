/**
 * The first ERP call of each page, started by its route (routes.tsx `prefetch`) while the page's
 * code loads. Each one loads only its own query module on demand (dynamic import), so that the
 * query modules and the ERP reader are not part of the /login bundle, and a statement link does
 * not wait for the aging or invoice modules.
 */
import type { QueryClient } from '@tanstack/react-query';
import type { Params } from 'react-router-dom';

export type PagePrefetch = (queryClient: QueryClient, params: Params) => Promise<unknown>;

export const prefetchOverview: PagePrefetch = async (qc) => {
  const [{ accountQueries }, { agingQueries }] = await Promise.all([import('../api/accounts'), import('../api/aging')]);
  return Promise.all([qc.prefetchQuery(accountQueries.list('')), qc.prefetchQuery(agingQueries.list(''))]);
};
export const prefetchAccounts: PagePrefetch = async (qc) => {
  const { accountQueries } = await import('../api/accounts');
  return qc.prefetchQuery(accountQueries.list(''));
};
export const prefetchStatement: PagePrefetch = async (qc, p) => {
  const { statementQueries } = await import('../api/statement');
  return qc.prefetchQuery(statementQueries.detail(p.cariId ?? ''));
};
export const prefetchInvoice: PagePrefetch = async (qc, p) => {
  const { invoiceQueries } = await import('../api/invoices');
  return qc.prefetchQuery(invoiceQueries.detail(p.faturaId ?? ''));
};
