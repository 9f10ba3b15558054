/** "Mutabakat dönemi başlat" on the letters page (?baslat=1 opens the form): see use-campaign-start.ts. */
import { Link } from 'react-router-dom';
import type { Account } from '../../domain/erp-types';
import { userMessageOf } from '../../domain/errors';
import { DateField } from '../form/date-field';
import { TextField } from '../form/text-field';
import type { LetterOptions } from '../reconciliation/letter-options';
import { t } from '../../i18n';
import { formatCount, formatDate } from '../../domain/format';
import { useUrlParams } from '../../lib/search-params';
import { ParamLink } from '../param-link';
import { useCampaignStart } from './use-campaign-start';
import './mutabakat.css';

export function CampaignStartButton() {
  const [params] = useUrlParams();
  const open = params.get('baslat') === '1';
  return (
    <ParamLink className="button" aria-expanded={open} patch={{ baslat: open ? null : '1' }} replace>
      {t('mut.start.open')}
    </ParamLink>
  );
}

export function CampaignStart({ accounts, options, ready }: { accounts: readonly Account[]; options: LetterOptions; ready: boolean }) {
  const [params] = useUrlParams();
  if (params.get('baslat') !== '1') return null;
  return <CampaignStartForm accounts={accounts} options={options} ready={ready} />;
}

function CampaignStartForm({ accounts, options, ready }: { accounts: readonly Account[]; options: LetterOptions; ready: boolean }) {
  const f = useCampaignStart(accounts, options);
  return (
    <section className="mut-panel" aria-labelledby="mut-start-title">
      <h2 id="mut-start-title">{t('mut.start.title')}</h2>
      <p>{ready ? t('mut.start.scope', { count: formatCount(accounts.length) }) : t('mut.start.contactsLoading')}</p>
      <form
        className="mut-form"
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          f.submit();
        }}
      >
        <TextField
          id="mut-start-name"
          label={t('mut.start.name')}
          value={f.name}
          onValueChange={f.setName}
          placeholder={t('mut.start.defaultName', { date: formatDate(options.asOf) })}
        />
        <p className="mut-wide" data-testid="mut-start-options">
          {t('mut.start.options', {
            asOf: formatDate(options.asOf),
            lines: options.withLines ? t('mut.start.options.lines', { from: formatDate(options.from) }) : t('mut.start.options.noLines'),
          })}
        </p>
        <div>
          <DateField label={t('mut.start.deadline')} value={f.deadline} onCommit={f.setDeadline} />
          {f.errors.deadline && (
            <span className="field__error" role="alert">
              {f.errors.deadline}
            </span>
          )}
        </div>
        <TextField
          id="mut-start-reminders"
          label={t('mut.start.reminders')}
          value={f.reminders}
          onValueChange={f.setReminders}
          error={f.errors.reminders}
          inputMode="numeric"
        />
        <label className="date-field--check">
          <input type="checkbox" checked={f.openItems} onChange={(e) => f.setOpenItems(e.target.checked)} /> {t('mut.start.openItems')}
        </label>
        <p className="mut-hint mut-wide">{t('mut.start.remindersHint')}</p>
        <NoAddress f={f} />
        <div className="mut-actions mut-wide">
          <button type="submit" className="button button--primary" disabled={!ready || accounts.length === 0 || f.mutation.isPending}>
            {f.mutation.isPending ? t('mut.start.submitting') : t('mut.start.submit', { count: formatCount(accounts.length) })}
          </button>
        </div>
        {ready && accounts.length === 0 && <p className="notice mut-wide">{t('mut.start.none')}</p>}
        {f.mutation.isError && (
          <p className="form-error mut-wide" role="alert">
            {userMessageOf(f.mutation.error)}
          </p>
        )}
      </form>
    </section>
  );
}

function NoAddress({ f }: { f: ReturnType<typeof useCampaignStart> }) {
  if (f.contacts.isPending) return <p className="mut-hint mut-wide">{t('mut.start.contactsLoading')}</p>;
  if (f.contacts.isError)
    return (
      <p className="form-error mut-wide" role="alert">
        {userMessageOf(f.contacts.error)}
      </p>
    );
  if (f.noAddress.length === 0) return <p className="mut-hint mut-wide">{t('mut.start.allHaveAddress')}</p>;
  return (
    <div className="notice notice--warn mut-wide" data-testid="no-address">
      <p>{t('mut.start.noAddress', { count: formatCount(f.noAddress.length) })}</p>
      <ul>
        {f.noAddress.map((a) => (
          <li key={a.id}>
            <Link to={`/accounts/${encodeURIComponent(a.id)}?mutabakat=1`}>
              {a.name} ({a.id})
            </Link>
          </li>
        ))}
      </ul>
    </div>
  );
}
