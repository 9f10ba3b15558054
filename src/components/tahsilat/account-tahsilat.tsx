/**
 * The account page's collections panel (tahsilat takibi): the same per-customer panel the worklist
 * opens — activity log, calls with their result, next action and owner, promises, documents by e-mail.
 * Opened from the statement's header ("Tahsilat takibi", ?tahsilat=1), so a closed panel takes no
 * line above the statement's rows.
 */
import { t } from '../../i18n';
import { CustomerPanel } from './customer-panel';
import './customer-panel.css';

export function AccountTahsilat({ accountId }: { accountId: string }) {
  return (
    <section className="col-account no-print" aria-label={t('col.account.toggle')}>
      <CustomerPanel accountId={accountId} />
    </section>
  );
}
