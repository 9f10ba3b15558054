/**
 * What a page's TL figure means on an account with foreign-currency lines (docs/decisions/0006-tl-figure.md):
 * the TL equivalent of every line (statement, FIFO comparison with the ERP, letters) or the TL-written
 * documents only (open items, vade farkı, Özet's falling-due figures). Shown only when the two differ.
 */
import { t } from '../../i18n';

export type TlBasis = 'equivalent' | 'own';

export function TlBasisNote({ basis, foreign }: { basis: TlBasis; foreign: readonly string[] }) {
  if (foreign.length === 0) return null;
  return (
    <p className="notice" data-testid="tl-basis">
      {t(basis === 'equivalent' ? 'ledger.tlBasis.equivalent' : 'ledger.tlBasis.own', { currencies: foreign.join(', ') })}
    </p>
  );
}

/** The same sentence as text (documents: print and PDF intros). */
export const tlBasisText = (basis: TlBasis, foreign: readonly string[]): string | null =>
  foreign.length === 0 ? null : t(basis === 'equivalent' ? 'ledger.tlBasis.equivalent' : 'ledger.tlBasis.own', { currencies: foreign.join(', ') });
