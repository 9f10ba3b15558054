import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { PageHeader } from '../layout/page-header';

/**
 * A record the URL points to does not exist (/accounts/999999, /invoices/999999): one clear
 * "… bulunamadı" heading, one sentence, and the way back — nothing else of the page (no empty
 * table, no print or pin buttons).
 */
export function NotFoundState({ title, children, backTo, backLabel }: { title: string; children: ReactNode; backTo: string; backLabel: string }) {
  return (
    <section className="not-found-state" data-testid="not-found">
      <PageHeader title={title} />
      <p>{children}</p>
      <p>
        <Link to={backTo}>← {backLabel}</Link>
      </p>
    </section>
  );
}
