import { LoadProgress } from './load-progress';

/** A polite loading indicator with optional skeleton rows (for tables and detail panes); says what a long load is doing (LoadProgress). */
export function Loading({ label, rows = 0 }: { label?: string; rows?: number }) {
  return (
    <div className="loading" role="status" aria-live="polite">
      <span className="loading__label">
        <LoadProgress label={label} />
      </span>
      {rows > 0 && (
        <div className="skeleton" aria-hidden="true">
          {Array.from({ length: rows }, (_, i) => (
            <div key={i} className="skeleton__row" />
          ))}
        </div>
      )}
    </div>
  );
}
