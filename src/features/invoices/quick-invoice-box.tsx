/**
 * The header's quick invoice box (every page): Ctrl+K (⌘K), or "/" when the page has no table
 * search box and focus is not in a field, focuses it; type a number, Enter. One match opens the
 * invoice, several (or none, or an error) show the list /invoices?no=… ("417" also matches
 * "SF2026000417": exact match first, then trailing digits).
 */
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router-dom';
import { invoiceQueries, MAX_INVOICE_SEARCH_CHARS } from '../../api/invoices';
import { t } from '../../i18n';
import { uniqueInvoiceHref } from './invoice-fields';
import './invoices.css';
import { isQuickKey, isTypingTarget, registerQuickBox } from '../../lib/keyboard';

const preloadDetailPage = () => void import('./invoice-detail-page');

export function QuickInvoiceBox() {
  const [value, setValue] = useState('');
  const [busy, setBusy] = useState(false);
  const inputRef = useRef<HTMLInputElement>(null);
  const queryClient = useQueryClient();
  const navigate = useNavigate();

  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      const input = inputRef.current;
      if (!input || e.defaultPrevented) return;
      const ctrlK = isQuickKey(e);
      const slash = e.key === '/' && !e.ctrlKey && !e.metaKey && !e.altKey;
      if (ctrlK) {
        e.preventDefault();
        input.focus();
        input.select();
        return;
      }
      if (!slash || isTypingTarget(e.target)) return;
      // A page with its own search box (or a focused table) keeps "/" for itself.
      const target = e.target as HTMLElement | null;
      if (target?.closest?.('[role="grid"]') || document.querySelector('.dt-search')) return;
      e.preventDefault();
      input.focus();
      input.select();
    };
    document.addEventListener('keydown', onKey);
    const unregister = registerQuickBox(() => inputRef.current?.focus());
    return () => {
      document.removeEventListener('keydown', onKey);
      unregister();
    };
  }, []);

  const onSubmit = async (e: FormEvent) => {
    e.preventDefault();
    const no = value.trim();
    if (!no || busy) return;
    const listUrl = `/invoices?${new URLSearchParams({ no, firma: '' }).toString()}`;
    setBusy(true);
    let target = listUrl;
    try {
      // Too long for the ERP: the list page says so next to the box (no request).
      const href = no.length <= MAX_INVOICE_SEARCH_CHARS ? uniqueInvoiceHref(await queryClient.fetchQuery(invoiceQueries.list({ no })), no) : null;
      if (href) target = href;
    } catch {
      // The list page shows the error in full.
    } finally {
      setBusy(false);
    }
    setValue('');
    inputRef.current?.blur();
    void navigate(target, target === listUrl ? undefined : { state: { from: listUrl } });
  };

  return (
    <form className="quick-invoice" role="search" aria-label={t('invoices.quick.label')} onSubmit={onSubmit}>
      <label htmlFor="quick-invoice-no" className="visually-hidden">
        {t('invoices.quick.label')}
      </label>
      <input
        ref={inputRef}
        id="quick-invoice-no"
        type="search"
        value={value}
        onChange={(e) => setValue(e.target.value)}
        placeholder={t('invoices.quick.placeholder')}
        // The detail page's code loads while the number is typed (the route loads the detail
        // itself in parallel with it): Enter then waits for the ERP only.
        onFocus={preloadDetailPage}
        aria-keyshortcuts="Control+K /"
        aria-busy={busy || undefined}
        autoComplete="off"
        spellCheck={false}
      />
      {busy && (
        <span className="visually-hidden" role="status">
          {t('invoices.quick.busy')}
        </span>
      )}
    </form>
  );
}
