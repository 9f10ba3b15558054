/** The board's counts, each a link to its rows (?durum=); "bir ay doldu" is explained as information, not a verdict. */
import { Link } from 'react-router-dom';
import type { Counts } from '../../api/mutabakat-types';
import { t } from '../../i18n';
import { formatCount } from '../../domain/format';
import { COUNT_LINKS, type BoardState } from './use-board';

export function BoardCounts({ counts, board }: { counts: Counts; board: BoardState }) {
  return (
    <>
      <ul className="mut-counts" aria-label={t('mut.count.label')}>
        <li>
          <Link to={board.hrefFor({ durum: null, mektup: null })} aria-current={board.filter === null ? 'true' : undefined}>
            <span className="mut-counts__n">{formatCount(counts.total)}</span>
            <span className="mut-counts__label">{t('mut.count.all')}</span>
          </Link>
        </li>
        {COUNT_LINKS.map(({ key, filter }) => (
          <li key={key}>
            <Link to={board.hrefFor({ durum: filter, mektup: null })} aria-current={board.filter === filter ? 'true' : undefined} data-testid={`count-${key}`}>
              <span className="mut-counts__n">{formatCount(counts[key])}</span>
              <span className="mut-counts__label">
                {t(`mut.count.${key}` as 'mut.count.sent')}
                {key === 'monthPassed' && ' *'}
              </span>
            </Link>
          </li>
        ))}
      </ul>
      <p className="mut-hint">* {t('mut.count.monthNote')}</p>
    </>
  );
}
