/**
 * What the open-items and vade farkı pages share: the account's statement (the same cached
 * get_cari_extre answer the statement page uses), its name (a cached account list, else the
 * statement answer, …: useAccountName), its currencies, and the as-of / basis / currency settings kept in the URL.
 */
import { useMemo } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useParams } from 'react-router-dom';
import { useListReturn } from '../../components/statement/list-return';
import { useAccountMissing } from '../../components/statement/account-not-found';
import { statementQueries } from '../../api/statement';
import { whole } from '../../api/erp-call';
import { useAccountName } from '../../components/statement/account-name';
import { documentNumberKey } from '../../domain/document-number';
import { isIsoDate } from '../../domain/dates';
import { accountCurrencies, currenciesOf, defaultCurrencyOf, effectiveAsOf, type Basis } from '../../domain/ledger';
import { LOCAL_CURRENCY } from '../../domain/currency';
import { useUrlParams, withParams } from '../../lib/search-params';
import { useToday } from '../../lib/use-today';
import type { IsoDate } from '../../domain/types';

export function useLedgerAccount() {
  const { cariId = '' } = useParams();
  const [params, setParams] = useUrlParams();
  const { state: listState } = useListReturn();
  const today = useToday();
  const statement = useQuery(statementQueries.detail(cariId));
  // Only the whole statement: open items and vade farkı depend on every payment (a long answer's
  // first rows alone would leave items open that later lines close).
  const data = whole(statement.data);
  // The name for the heading: the one resolution (cached list, statement answer, the user's shortcuts, else the list).
  const name = useAccountName(cariId, { statement });
  const lines = data?.lines;
  const asOfParam = params.get('asOf');
  // A day that has not come is not an as-of date (the account view's rule, as on the statement):
  // the figures are as of today and the page says which date it was asked for.
  const asked: IsoDate = isIsoDate(asOfParam) ? asOfParam : today;
  const asOf = effectiveAsOf(asked, today);
  const futureAsked = asked > today ? asked : null;
  const basis: Basis = params.get('basis') === 'transaction' ? 'transaction' : 'due';
  const currencies = useMemo(() => (lines ? accountCurrencies(lines) : [LOCAL_CURRENCY]), [lines]);
  const curParam = params.get('cur');
  // The account view's currencies (each of its own lines): TL first when it has TL lines. The page
  // states the other currencies' figures beside the chosen one (each on its own, never added).
  const currency = curParam && currencies.includes(curParam) ? curParam : lines ? defaultCurrencyOf(lines) : LOCAL_CURRENCY;
  const docKey = useMemo(() => documentNumberKey(data?.extraColumns ?? []), [data]);
  const update = (patch: Record<string, string | null>) => setParams((prev) => withParams(prev, patch), { replace: true, state: listState });
  // Still reading (also while a long statement's first rows are in): never "nothing found" meanwhile.
  const loading = !data && !statement.isError;
  // An id the ERP does not know: the pages say "Cari bulunamadı" instead of computing over nothing.
  const missing = useAccountMissing(cariId, statement, { name });
  // The account's foreign currencies: when there are any, the TL figures are labelled (TL-written documents only).
  const foreign = useMemo(() => (lines ? currenciesOf(lines).slice(1) : []), [lines]);
  return { loading, missing, cariId, params, update, today, statement, lines, name, asOf, futureAsked, basis, currencies, currency, docKey, foreign };
}
