/** get_cari_extre: the statement of one account (cari_id = the account's Firma ID). */
import { queryOptions } from '@tanstack/react-query';
import { postErp, type RequestOptions } from './client';
import { readStatement } from './reader';
import type { Statement } from './types';

export async function fetchStatement(cariId: string, options?: RequestOptions): Promise<Statement> {
  return readStatement(await postErp('get_cari_extre', { cari_id: cariId.trim() }, options));
}

export const statementQueries = {
  all: ['statement'] as const,
  detail: (cariId: string) =>
    queryOptions({
      queryKey: [...statementQueries.all, cariId] as const,
      queryFn: ({ signal }) => fetchStatement(cariId, { signal }),
    }),
};
