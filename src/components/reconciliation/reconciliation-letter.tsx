/**
 * One cari hesap mutabakat letter on an A4 page, in the usual Turkish form: our company's
 * heading (title, address, tax office and number from GET /api/config), the counterparty, the
 * balance at the as-of date with its side ("… TL borç bakiyesi vermektedir"), the usual notes
 * (hata ve unutma müstesnadır, TTK md. 94), and the reply slip (Mutabıkız / Mutabık değiliz,
 * their balance, imza, kaşe); optionally the statement's lines for the period. Used by the
 * single letter (statement) and the bulk letters (account list): one <article> per page.
 */
import { BalanceText } from '../balance';
import { t } from '../../i18n';
import { formatDate, formatMoney } from '../../domain/format';
import { foreignCurrencyOf, LOCAL_CURRENCY } from '../../domain/currency';
import { documentNumberOf } from '../../domain/document-number';
import { balanceSentence, type ReconciliationLetterProps } from '../../domain/letter/letter-text';
import './reconciliation-letter.css';

export type { LetterAccount, ReconciliationLetterProps } from '../../domain/letter/letter-text';
export { balanceSentence } from '../../domain/letter/letter-text';

function Lines({ text }: { text: string }) {
  const parts = text.split(/\r?\n/).filter((s) => s.trim() !== '');
  return (
    <>
      {parts.map((p, i) => (
        <span key={i} className="letter__line">
          {p}
        </span>
      ))}
    </>
  );
}

export function ReconciliationLetter({
  company,
  account,
  asOf,
  issuedOn,
  balance,
  rows,
  from,
  currency = LOCAL_CURRENCY,
  localBalance,
  docKey = null,
  declaredMissing = null,
  ttk94Clause = true,
}: ReconciliationLetterProps) {
  const foreign = currency !== LOCAL_CURRENCY;
  const title = company.title || t('letter.company.missing');
  const place = [account.province, account.district].filter(Boolean).join(' / ');
  const side = balance > 0 ? t('letter.side.debit') : balance < 0 ? t('letter.side.credit') : '';
  return (
    <article className="letter" aria-label={t('letter.label', { name: account.name })} data-account-id={account.id}>
      <header className="letter__head">
        <div className="letter__company">
          <strong className="letter__company-title">{title}</strong>
          {company.address && <Lines text={company.address} />}
          {(company.taxOffice || company.taxNo) && (
            <span className="letter__line">{t('letter.company.tax', { office: company.taxOffice || '—', no: company.taxNo || '—' })}</span>
          )}
        </div>
        <p className="letter__date">{t('letter.date', { date: formatDate(issuedOn) })}</p>
      </header>

      <div className="letter__to">
        <span className="letter__line">{t('letter.to')}</span>
        <strong className="letter__line">{account.name}</strong>
        {place && <span className="letter__line">{place}</span>}
        <span className="letter__line">{t('letter.accountId', { id: account.id })}</span>
      </div>

      <p className="letter__subject">
        <strong>{t('letter.subject')}</strong>
      </p>

      <p data-testid="letter-sentence">{balanceSentence(asOf, balance, currency, localBalance, declaredMissing)}</p>
      <p>{t('letter.body.request')}</p>
      <p>{t('letter.body.disagree')}</p>
      <p className="letter__note">{t('letter.note.errors')}</p>
      {ttk94Clause && <p className="letter__note">{t('letter.note.ttk')}</p>}

      <div className="letter__sign">
        <span className="letter__line">{t('letter.regards')}</span>
        <strong className="letter__line">{title}</strong>
        <span className="letter__line letter__sign-box">{t('letter.signStamp')}</span>
      </div>

      {rows && rows.length > 0 && (
        <section className="letter__statement" aria-label={t('letter.statement.title')}>
          <h3>{t('letter.statement.title')}</h3>
          <p className="letter__small">{t('letter.statement.range', { from: from ? formatDate(from) : t('letter.statement.start'), to: formatDate(asOf) })}</p>
          {/* A printed enclosure, not an interactive table: a plain table (no sort, search or scrolling). */}
          <table className="letter__table">
            <thead>
              <tr>
                <th scope="col">{t('letter.statement.date')}</th>
                <th scope="col">{t('letter.statement.type')}</th>
                {docKey && <th scope="col">{t('letter.statement.documentNo')}</th>}
                {foreign && (
                  <th scope="col" className="num">
                    {t('letter.statement.currencyAmount', { currency })}
                  </th>
                )}
                <th scope="col" className="num">
                  {t('letter.statement.debit')}
                </th>
                <th scope="col" className="num">
                  {t('letter.statement.credit')}
                </th>
                <th scope="col" className="num">
                  {t('letter.statement.balance')}
                </th>
              </tr>
            </thead>
            <tbody>
              {rows.map((r, i) => (
                <tr key={r.line ? r.line.index : `opening-${i}`}>
                  <td>{r.kind === 'opening' ? (from ? formatDate(from) : '') : r.line?.date ? formatDate(r.line.date) : t('letter.statement.undated')}</td>
                  <td>{r.kind === 'opening' ? t('letter.statement.opening') : r.line?.type}</td>
                  {docKey && <td>{documentNumberOf(r.line ?? undefined, docKey)}</td>}
                  {foreign && (
                    <td className="num">
                      {r.line && foreignCurrencyOf(r.line) === currency && r.line.currencyAmount != null ? formatMoney(r.line.currencyAmount) : ''}
                    </td>
                  )}
                  <td className="num">{r.debit ? formatMoney(r.debit) : ''}</td>
                  <td className="num">{r.credit ? formatMoney(r.credit) : ''}</td>
                  <td className="num">
                    <BalanceText minor={r.balance} />
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </section>
      )}

      <section className="letter__reply" aria-label={t('letter.reply.title')}>
        <p className="letter__cut" aria-hidden="true">
          ✂ - - - - - - - - - - - - - - - - - - - - - - - - - - - - - - - - - - - - - - - - - - - -
        </p>
        <h3>{t('letter.reply.title')}</h3>
        <p>{t('letter.reply.to', { company: title })}</p>
        <p>{t('letter.reply.intro', { date: formatDate(asOf), name: account.name })}</p>
        <p className="letter__choice">
          <span className="letter__box" aria-hidden="true" /> <strong>{t('letter.reply.agree')}</strong>{' '}
          {balance === 0 ? t('letter.reply.agreeZero') : t('letter.reply.agreeText', { amount: formatMoney(Math.abs(balance)), side, currency })}
        </p>
        <p className="letter__choice">
          <span className="letter__box" aria-hidden="true" /> <strong>{t('letter.reply.disagree')}</strong> {t('letter.reply.theirBalance', { currency })}
        </p>
        <dl className="letter__fields">
          <div>
            <dt>{t('letter.reply.company')}</dt>
            <dd>{account.name}</dd>
          </div>
          <div>
            <dt>{t('letter.reply.person')}</dt>
            <dd />
          </div>
          <div>
            <dt>{t('letter.reply.date')}</dt>
            <dd />
          </div>
          <div>
            <dt>{t('letter.reply.signature')}</dt>
            <dd />
          </div>
          <div>
            <dt>{t('letter.reply.stamp')}</dt>
            <dd />
          </div>
        </dl>
      </section>
    </article>
  );
}
