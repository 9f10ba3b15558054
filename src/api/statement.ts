/** get_cari_extre: the statement of one account (cari_id = the account's Firma ID). */
import { queryOptions } from '@tanstack/react-query';
import type { RequestOptions } from './client';
import { fieldOf, readStatement } from './reader';
import type { Statement, StatementLine } from './types';
import { statementCall, statementKeys } from '../contract/erp';
import { fetchLongAnswer } from './long-answer';

/**
 * Whether the first lines of a statement still arriving can be shown with their running balance:
 * every line dated and the lines in date order, as an ERP sends a statement (Workcube orders it by
 * date). Then no line still to come sorts before them, and each balance shown is already final. An
 * answer in any other order waits for its last line (the page sorts the whole statement itself).
 */
export function isFinalPrefix(lines: readonly StatementLine[]): boolean {
  let previous = '';
  for (const line of lines) {
    if (line.date === null || line.date < previous) return false;
    previous = line.date;
  }
  return lines.length > 0;
}

/**
 * The statement of `cariId`. A long one over a slow link offers its first lines while the rest is
 * on its way (partial-answers.ts, when isFinalPrefix); the promise resolves with the whole.
 */
export function fetchStatement(cariId: string, options?: RequestOptions): Promise<Statement> {
  return fetchLongAnswer(statementCall(cariId), readStatement, (first) => isFinalPrefix(first.lines), options);
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
  all: statementKeys.all,
  detail: (cariId: string) =>
    queryOptions({
      queryKey: statementKeys.detail(cariId),
      queryFn: ({ signal }) => fetchStatement(cariId, { signal }),
    }),
};
