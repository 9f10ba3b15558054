/**
 * The account page's collections panel (tahsilat takibi): the same per-customer panel the worklist
 * opens — activity log, calls with their result, next action and owner, promises, documents by e-mail —
 * folded under a heading so the statement stays first.
 */
import { useState } from 'react';
import { t } from '../../i18n';
import { CustomerPanel } from './customer-panel';
import './customer-panel.css';

export function AccountTahsilat({ accountId }: { accountId: string }) {
  const [open, setOpen] = useState(false);
  return (
    <details className="col-account no-print" open={open} onToggle={(e) => setOpen(e.currentTarget.open)}>
      <summary>{t('col.account.toggle')}</summary>
      {open && <CustomerPanel accountId={accountId} />}
    </details>
  );
}
