import { t } from '../../i18n';
import { togglePinned, useAccountShortcuts, type AccountRef } from '../../lib/account-shortcuts';

/** ☆/★ toggle in a table row (aria-pressed tells whether the account is pinned). */
export function PinButton({ account }: { account: AccountRef }) {
  const { pinned } = useAccountShortcuts();
  const isPinned = pinned.some((p) => p.id === account.id);
  const label = t(isPinned ? 'accounts.unpin' : 'accounts.pin', { name: account.name });
  return (
    <button
      type="button"
      className={`pin-button${isPinned ? ' pin-button--on' : ''}`}
      aria-pressed={isPinned}
      aria-label={label}
      title={label}
      onClick={(e) => {
        e.stopPropagation();
        togglePinned({ id: account.id, name: account.name });
      }}
    >
      <span aria-hidden="true">{isPinned ? '★' : '☆'}</span>
    </button>
  );
}
