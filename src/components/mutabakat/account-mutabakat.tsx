/** The account page's mutabakat panel: its contacts (editable) and its history across periods. */
import { t } from '../../i18n';
import { AccountHistory } from './account-history';
import { ContactForm } from './contact-form';
import './mutabakat.css';

export function AccountMutabakat({ accountId }: { accountId: string }) {
  return (
    <div className="mut-account no-print">
      <section className="mut-section" aria-labelledby={`mut-contact-${accountId}`}>
        <h2 id={`mut-contact-${accountId}`}>{t('mut.contact.title')}</h2>
        <ContactForm accountId={accountId} />
      </section>
      <AccountHistory accountId={accountId} />
    </div>
  );
}
