/** get_cari_extre: the statement of one account (cari_id = the account's Firma ID). */
import { fieldOf, readStatement } from '../domain/reader';
import type { QueryClient } from '@tanstack/react-query';
import type { Statement, StatementLine } from '../domain/erp-types';
import { statementCall, statementKeys } from '../contract/erp';
import { longAnswerQuery } from './erp-call';

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
  /** A long statement shows its first lines while the rest arrives (`complete: false`, erp-call.ts) when isFinalPrefix. */
  detail: (cariId: string) => longAnswerQuery(statementCall(cariId), readStatement, (first) => isFinalPrefix(first.lines)),
};

/**
 * Stops the statements of these accounts that are on their way (their requests are aborted through
 * react-query's signal) — only those: a statement another page or a row's prefetch asked for goes on.
 */
export function cancelStatements(queryClient: QueryClient, ids: Iterable<string>): void {
  for (const id of ids) void queryClient.cancelQueries({ queryKey: statementQueries.detail(id).queryKey, exact: true });
}
