import type { ReactNode } from 'react';

/**
 * The top of a page: the h1 (focused by the shell after each navigation) and optional actions
 * (export, print). Pages use this so the heading structure is the same everywhere.
 */
export function PageHeader({ title, children }: { title: ReactNode; children?: ReactNode }) {
  return (
    <div className="page-header">
      <h1 tabIndex={-1}>{title}</h1>
      {children && <div className="page-header__actions no-print">{children}</div>}
    </div>
  );
}
