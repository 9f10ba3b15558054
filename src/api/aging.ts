/** get_yaslandirma: aging report by company name (firma_ismi = trimmed, "" when not given). Fields undocumented → ErpTable. */
import { queryOptions } from '@tanstack/react-query';
import { postErp, type RequestOptions } from './client';
import { readTableAnswer } from './reader';
import type { ErpTable } from './types';
import { agingKeys, agingListCall } from '../contract/erp';

export async function fetchAging(firma: string, options?: RequestOptions): Promise<ErpTable> {
  const call = agingListCall(firma);
  return readTableAnswer(await postErp(call.operation, call.params, options), 'aging');
}

export const agingQueries = {
  all: agingKeys.all,
  list: (firma: string) => {
    const trimmed = firma.trim();
    return queryOptions({
      queryKey: agingKeys.list(trimmed),
      queryFn: ({ signal }) => fetchAging(trimmed, { signal }),
    });
  },
};
