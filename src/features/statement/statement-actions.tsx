/** The statement's actions beside its title: pin, print, PDF, the letter, open items, vade farkı. */
import { Link } from 'react-router-dom';
import { PdfButton } from '../../components/document/pdf-button';
import { documentFileName } from '../../domain/document/document-head';
import { togglePinned } from '../../lib/account-shortcuts';
import { ParamLink } from '../../components/param-link';
import { t } from '../../i18n';
import type { StatementView } from './use-statement-view';

export function StatementActions({ v }: { v: StatementView }) {
  const { cariId, to, asOf, listState } = v;
  const asOfSearch = to ? `?asOf=${asOf}` : '';
  const account = `/accounts/${encodeURIComponent(cariId)}`;
  return (
    <>
      <button type="button" className="button button--small" aria-pressed={v.isPinned} onClick={() => togglePinned({ id: cariId, name: v.name ?? cariId })}>
        {v.isPinned ? `★ ${t('statement.unpin')}` : `☆ ${t('statement.pin')}`}
      </button>
      <button type="button" className="button button--small" onClick={() => window.print()} disabled={!v.ready}>
        {t('statement.print')}
      </button>
      <PdfButton
        disabled={!v.ready}
        parts={() => [{ kind: 'table', spec: v.docSpec() as never }]}
        fileName={() => documentFileName({ ...v.documentHead, madeAt: new Date() }, 'pdf')}
        title={t('doc.title.statement')}
      />
      <Link className="button button--small" to={`${account}/mutabakat${asOfSearch}`} state={listState}>
        {t('statement.letter')}
      </Link>
      <Link className="button button--small" to={`${account}/acik-kalemler${asOfSearch}`} state={listState}>
        {t('ledger.openItems.open')}
      </Link>
      <Link className="button button--small" to={`${account}/vade-farki${asOfSearch}`} state={listState}>
        {t('ledger.lateInterest.open')}
      </Link>
    </>
  );
}

/**
 * The account's own panels (mutabakat contacts and history, tahsilat takibi), opened on demand: on the
 * back link's line, so a laptop keeps the heading and its actions on one line and the statement its rows.
 */
export function StatementPanels({ v }: { v: StatementView }) {
  return (
    <span className="statement-panels">
      <ParamLink className="button button--small" aria-expanded={v.mutabakatOpen} patch={{ mutabakat: v.mutabakatOpen ? null : '1' }} replace>
        {t('mut.account.toggle')}
      </ParamLink>
      <ParamLink
        className="button button--small"
        aria-expanded={v.tahsilatOpen}
        title={t('col.account.toggle')}
        patch={{ tahsilat: v.tahsilatOpen ? null : '1' }}
        replace
      >
        {t('col.account.open')}
      </ParamLink>
    </span>
  );
}
