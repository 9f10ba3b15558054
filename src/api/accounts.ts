/** get_cari: account list, optionally filtered by company name (firma_ismi = the trimmed query, "" = all). */
import type { RequestOptions } from './client';
import { readAccounts } from '../domain/reader';
import { longAnswerQuery } from './erp-call';
import { readAccountsInWorker } from './read-in-worker';
import { accountKeys, accountListCall } from '../contract/erp';

export const accountQueries = {
  all: accountKeys.all,
  lists: accountKeys.lists,
  /**
   * The list; a long one shows its first rows while the rest arrives (`complete: false`, erp-call.ts).
   * `priority: 'low'` for a list fetched in the background (nobody waits on it; see transfers.ts).
   */
  list: (q: string, fetchOptions: Pick<RequestOptions, 'priority'> = {}) =>
    // Read in the answer worker where the browser has one (read-in-worker.ts): the page stays free while 100k accounts are parsed.
    longAnswerQuery(accountListCall(q), readAccounts, (first) => first.accounts.length > 0, { ...fetchOptions, inWorker: readAccountsInWorker }),
};
