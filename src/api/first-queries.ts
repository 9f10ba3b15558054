/**
 * A page's first calls as the queries its page runs (the same options, so the page's useQuery finds
 * them running or done). The route loaders start them (routes.tsx): the answer is read — a long
 * one's first rows into the cache — while the page's own code is still loading, not after it has
 * rendered. Loaded with the first protected page (it brings the reader), never on /login.
 */
import type { QueryClient } from '@tanstack/react-query';
import { OVERVIEW_PATH, type PageCall } from '../contract/erp';
import { accountQueries } from './accounts';
import { agingQueries } from './aging';
import { invoiceQueries } from './invoices';
import { overviewQueries } from './overview';
import { statementQueries } from './statement';
import { tahsilatQueries, type View } from './tahsilat';

/** Starts each call's query (a prefetch: never throws; a failure is the query's error, shown by its page). */
export function prefetchCalls(client: QueryClient, calls: readonly PageCall[]): void {
  for (const call of calls) {
    if ('view' in call) {
      // Our own answers: Özet's figures, or a tahsilat worklist view's first rows (its key names the view).
      if (call.view === OVERVIEW_PATH) void client.prefetchQuery(overviewQueries.summary());
      else void client.prefetchQuery(tahsilatQueries.worklist(call.queryKey[2] as View));
      continue;
    }
    switch (call.operation) {
      case 'get_cari':
        void client.prefetchQuery(accountQueries.list(call.params.firma_ismi));
        break;
      case 'get_cari_extre':
        void client.prefetchQuery(statementQueries.detail(call.params.cari_id));
        break;
      case 'get_yaslandirma':
        void client.prefetchQuery(agingQueries.list(call.params.firma_ismi));
        break;
      case 'get_fatura':
        void client.prefetchQuery(invoiceQueries.list({ no: call.params.fatura_no, firma: call.params.firma_ismi }));
        break;
      case 'get_fatura_det':
        void client.prefetchQuery(invoiceQueries.detail(call.params.fatura_id));
        break;
    }
  }
}
