/** get_yaslandirma: aging report by company name (firma_ismi = trimmed, "" when not given). Fields undocumented → ErpTable. */
import { queryOptions } from '@tanstack/react-query';
import { postErp, type RequestOptions } from './client';
import { readTableAnswer } from './reader';
import type { ErpTable } from './types';

export async function fetchAging(firma: string, options?: RequestOptions): Promise<ErpTable> {
  return readTableAnswer(await postErp('get_yaslandirma', { firma_ismi: firma.trim() }, options), 'aging');
}

export const agingQueries = {
  all: ['aging'] as const,
  list: (firma: string) => {
    const trimmed = firma.trim();
    return queryOptions({
      queryKey: [...agingQueries.all, 'list', { firma: trimmed }] as const,
      queryFn: ({ signal }) => fetchAging(trimmed, { signal }),
    });
  },
};
