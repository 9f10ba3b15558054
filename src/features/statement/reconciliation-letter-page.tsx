/**
 * /accounts/:cariId/mutabakat?asOf=&lines=1&from= — one mutabakat letter for the account, from its
 * statement (the same cached get_cari_extre answer the statement page uses). The balance is the
 * statement's at the as-of date (lines up to and including it); with lines=1 the letter encloses
 * the statement's lines from `from` (default 1 January of the as-of year; earlier lines fold into
 * the devir row) to the as-of date. Printed on A4 (the controls are not printed).
 */
import { useMemo } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Link, useParams } from 'react-router-dom';
import { useListReturn } from '../../components/statement/list-return';
import { AccountNotFound } from '../../components/statement/account-not-found';
import { useAccountRecord } from '../../components/statement/account-name';
import { whole } from '../../api/erp-call';
import { configQuery } from '../../api/session';
import { statementAccountName, statementQueries } from '../../api/statement';
import { balanceText } from '../../components/balance';
import { ErrorState, Loading } from '../../components/feedback';
import { useDocumentTitle } from '../../components/layout/document-title';
import { PageHeader } from '../../components/layout/page-header';
import { letterBalance, letterRows } from '../../domain/letter/letter-balance';
import { ReconciliationLetter } from '../../components/reconciliation/reconciliation-letter';
import { letterPdf } from '../../domain/letter/letter-pdf';
import { PdfButton } from '../../components/document/pdf-button';
import { documentFileName } from '../../domain/document/document-head';
import { LetterControls, LetterDateProblems, useLetterOptions } from '../../components/reconciliation/letter-options';
import { t } from '../../i18n';
import { formatCount, formatDate } from '../../domain/format';
import { prepareStatement } from '../../domain/running-balance';
import { documentNumberKey } from '../../domain/document-number';
import { TlBasisNote } from '../../components/statement/tl-basis-note';
import { useAccountShortcuts } from '../../lib/account-shortcuts';

export default function ReconciliationLetterPage() {
  const { cariId = '' } = useParams();
  const options = useLetterOptions();
  const { state: listState } = useListReturn();
  const { today, asOf, withLines, from, blocked } = options;

  const config = useQuery(configQuery);
  const statement = useQuery(statementQueries.detail(cariId));
  // A letter states a balance: only from the whole statement, never from its first lines.
  const statementData = whole(statement.data);
  // The account's record (its currency, its name): by the name the user's shortcuts keep at once, else by
  // the statement's once it is in (useAccountRecord; the whole list only when neither names it).
  const { pinned, recent } = useAccountShortcuts();
  const keptName = useMemo(() => [...pinned, ...recent].find((r) => r.id === cariId)?.name, [pinned, recent, cariId]);
  const record = useAccountRecord(cariId, {
    name: keptName ?? (statementData && statementAccountName(statementData)),
    enabled: !!keptName || !!statementData || statement.isError,
  });
  const account = record.account;
  useDocumentTitle(account ? t('letter.page.titleFor', { name: account.name }) : undefined);

  const prepared = useMemo(() => (statementData ? prepareStatement(statementData.lines, today) : null), [statementData, today]);
  // A bad date (in the address or typed) shows no letter: the one for the previous date no longer describes it.
  const computed = useMemo(() => (prepared ? letterBalance(prepared, asOf, today, account?.currency) : null), [prepared, asOf, today, account?.currency]);
  const result = blocked ? null : computed;
  const docKey = useMemo(() => documentNumberKey(statementData?.extraColumns ?? []), [statementData]);
  const rows = useMemo(() => (prepared && withLines ? letterRows(prepared, from, asOf, today) : null), [prepared, withLines, from, asOf, today]);

  // A letter without our company's title is refused (COMPANY_TITLE named): its heading and signature would be blank.
  const company = config.data?.company.title ? config.data.company : undefined;
  // An account the ERP does not know: its statement is whole and empty, and the whole list does not hold it.
  const missing = !!statementData && statementData.lines.length === 0 && record.missing;
  const ttk94Clause = config.data?.letters.ttk94Clause !== false;
  const companyMissing = !!config.data && !company;

  if (missing) return <AccountNotFound cariId={cariId} />;
  return (
    <div className="letter-page">
      <div className="no-print">
        <p className="letter-back">
          <Link to={`/accounts/${encodeURIComponent(cariId)}`} state={listState}>
            ← {t('letter.page.back')}
          </Link>
        </p>
        <PageHeader title={account ? t('letter.page.titleFor', { name: account.name }) : t('letter.page.title')}>
          <button type="button" className="button button--primary" onClick={() => window.print()} disabled={!result || result.unreadable > 0 || !company}>
            {t('letter.print')}
          </button>
          <PdfButton
            className="button"
            disabled={!result || result.unreadable > 0 || !company}
            title={t('doc.title.letter')}
            fileName={() =>
              documentFileName({ company: company?.title ?? '', title: t('doc.title.letter'), account: account ?? { id: cariId, name: cariId }, asOf }, 'pdf')
            }
            parts={() => [
              letterPdf({
                company: company!,
                account: account ?? { id: cariId, name: cariId },
                asOf,
                issuedOn: today,
                balance: result!.balance,
                currency: result!.currency,
                localBalance: result!.localBalance,
                declaredMissing: result!.declaredMissing,
                docKey,
                rows,
                from,
                ttk94Clause,
              }) as never,
            ]}
          />
        </PageHeader>
        <LetterControls options={options} />
        <LetterDateProblems options={options} />
        {prepared && <TlBasisNote basis="equivalent" foreign={prepared.fx.currencies} />}
        {result && (
          <p className="notice" data-testid="letter-balance">
            {t('letter.balanceAt', { date: formatDate(asOf), balance: balanceText(result.balance, result.currency === 'TL' ? undefined : result.currency) })}
          </p>
        )}
        {companyMissing && (
          <p className="notice notice--warn" role="alert">
            {t('letter.companyMissing')}
          </p>
        )}
        {record.missing && <p className="notice">{t('letter.unknownAccount')}</p>}
        {result && result.undated > 0 && <p className="notice notice--warn">{t('letter.undated', { count: formatCount(result.undated) })}</p>}
      </div>

      {!statementData && !statement.isError && <Loading />}
      {statement.isError && <ErrorState title={t('letter.error.title')} error={statement.error} onRetry={() => void statement.refetch()} />}
      {result && result.unreadable > 0 && (
        <p className="notice notice--warn" role="alert">
          {t('letter.unreadable', { count: formatCount(result.unreadable) })}
        </p>
      )}
      {result && result.unreadable === 0 && company && (
        <div className="letters">
          <ReconciliationLetter
            ttk94Clause={ttk94Clause}
            company={company}
            account={account ?? { id: cariId, name: cariId }}
            asOf={asOf}
            issuedOn={today}
            balance={result.balance}
            currency={result.currency}
            localBalance={result.localBalance}
            declaredMissing={result.declaredMissing}
            docKey={docKey}
            rows={rows}
            from={from}
          />
        </div>
      )}
    </div>
  );
}
