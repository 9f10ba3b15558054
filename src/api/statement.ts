/** get_cari_extre: the statement of one account (cari_id = the account's Firma ID). */
import { queryOptions } from '@tanstack/react-query';
import { mark, postErp, type RequestOptions } from './client';
import { fieldOf, readStatement } from './reader';
import type { Statement } from './types';
import { statementCall, statementKey } from './first-calls';

export async function fetchStatement(cariId: string, options?: RequestOptions): Promise<Statement> {
  const call = statementCall(cariId);
  const statement = readStatement(await postErp(call.operation, call.params, options));
  mark('erp:get_cari_extre:read');
  return statement;
}

/**
 * The account's name when the statement answer itself carries one (some installations add the
 * company name to every line, e.g. FIRMA_ADI / UNVAN: a column the alias table knows as the
 * account's name): the first non-empty value. Saves the statement header a 100k-account list.
 */
export function statementAccountName(statement: Statement): string | undefined {
  const col = statement.extraColumns.find((c) => fieldOf('account', c.key) === 'name');
  if (!col) return undefined;
  for (const line of statement.lines) {
    const cell = line.extras[col.key];
    if (cell?.kind === 'text' && cell.text.trim()) return cell.text.trim();
  }
  return undefined;
}

export const statementQueries = {
  all: ['statement'] as const,
  detail: (cariId: string) =>
    queryOptions({
      queryKey: statementKey(cariId),
      queryFn: ({ signal }) => fetchStatement(cariId, { signal }),
    }),
};
