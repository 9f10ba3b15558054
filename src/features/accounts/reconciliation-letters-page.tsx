/**
 * /mutabakat?<the account list's params>&asOf=&lines=1&from= — mutabakat letters for every account
 * the list shows with the same search, filters and order (q, category, province, hideZero, side,
 * sort), one A4 page each; accounts can be unticked. With the as-of date today and no enclosed
 * lines, the balances are the list's (get_cari, cached). Otherwise each ticked account's statement
 * is fetched (the same cached get_cari_extre answers as the statement page), at most
 * STATEMENT_CONCURRENCY at a time, with a progress bar and İptal; failures are listed by name with
 * the reason and are left out of the print, and can be retried.
 * The page's state: use-letters-page.ts; its parts: letters-table.tsx, letters-run.tsx.
 */
import { Link } from 'react-router-dom';
import { PageHeader } from '../../components/layout/page-header';
import { ReconciliationLetter } from '../../components/reconciliation/reconciliation-letter';
import { letterPdf } from '../../domain/letter/letter-pdf';
import { PdfButton } from '../../components/document/pdf-button';
import { documentFileName } from '../../domain/document/document-head';
import { LetterControls, LetterDateProblems } from '../../components/reconciliation/letter-options';
import { CampaignStart, CampaignStartButton } from '../../components/mutabakat/campaign-start';
import { t } from '../../i18n';
import { formatCount } from '../../domain/format';
import { LettersRun } from './letters-run';
import { LettersTable } from './letters-table';
import { MAX_LETTERS, useLettersPage, type ReadyLetter } from './use-letters-page';

export default function ReconciliationLettersPage() {
  const v = useLettersPage();
  const { options, config, shown, capped, ready, running, listKnown } = v;
  const { today, asOf, from } = options;
  const company = config.data?.company;
  const ttk94Clause = config.data?.letters.ttk94Clause !== false;
  const letterOf = (a: (typeof ready)[number]) => v.statusOf(a) as ReadyLetter;

  return (
    <div className="letters-page">
      <div className="no-print">
        <p className="letter-back">
          <Link to={v.listHref}>← {t('letters.back')}</Link>
        </p>
        <PageHeader title={t('letters.title')}>
          <button type="button" className="button button--primary" onClick={() => window.print()} disabled={running || ready.length === 0}>
            {t('letters.print', { count: formatCount(ready.length) })}
          </button>
          {/* All the letters in one PDF file, each from a new page. */}
          <PdfButton
            className="button"
            disabled={running || ready.length === 0 || !company}
            title={t('doc.title.letters')}
            fileName={() => documentFileName({ company: company?.title ?? '', title: t('doc.title.letters'), asOf }, 'pdf')}
            parts={() =>
              ready.map((a) => {
                const s = letterOf(a);
                return letterPdf({
                  company: company!,
                  account: a,
                  asOf,
                  issuedOn: today,
                  balance: s.balance,
                  currency: s.currency,
                  localBalance: s.localBalance,
                  declaredMissing: s.declaredMissing,
                  docKey: s.docKey,
                  rows: s.rows,
                  from,
                  ttk94Clause,
                }) as never;
              })
            }
          />
          <CampaignStartButton />
        </PageHeader>
        {listKnown && <p>{t('letters.scope', { count: formatCount(shown.length) })}</p>}
        {shown.length > MAX_LETTERS && <p className="notice notice--warn">{t('letters.tooMany', { max: formatCount(MAX_LETTERS) })}</p>}
        {config.isSuccess && !company?.title && (
          <p className="notice notice--warn" role="alert">
            {t('letter.companyMissing')}
          </p>
        )}

        <LetterControls options={options} />
        {/* A campaign takes every account of the filtered list (not capped), less the unticked ones. */}
        <CampaignStart accounts={v.campaignAccounts} options={options} ready={listKnown} />

        <LetterDateProblems options={options} />
        <LettersRun v={v} />

        <div className="letters-select">
          <button type="button" className="button button--small" onClick={() => v.setDeselected(new Set())}>
            {t('letters.selectAll')}
          </button>
          <button type="button" className="button button--small" onClick={() => v.setDeselected(new Set(capped.map((a) => a.id)))}>
            {t('letters.selectNone')}
          </button>
          <span>{t('letters.selected', { count: formatCount(v.selected.length) })}</span>
        </div>
        <LettersTable v={v} />
        {ready.length > 0 && <h2 className="letters-preview-title">{t('letters.preview')}</h2>}
      </div>

      {company && ready.length > 0 && !running && (
        <div className="letters">
          {ready.map((a) => {
            const s = letterOf(a);
            return (
              <ReconciliationLetter
                key={a.id}
                ttk94Clause={ttk94Clause}
                company={company}
                account={a}
                asOf={asOf}
                issuedOn={today}
                balance={s.balance}
                currency={s.currency}
                localBalance={s.localBalance}
                declaredMissing={s.declaredMissing}
                docKey={s.docKey}
                rows={s.rows}
                from={from}
              />
            );
          })}
        </div>
      )}
    </div>
  );
}
