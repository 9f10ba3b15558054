/** A BA/BS letter's figures as a row shows them: ours, theirs per our form, the difference per form and field; the campaign's Σ. */
import { babsDifference, emptyFigures, FORMS, type BabsFigures, type BabsSnapshot } from '../../src/domain/babs/reconcile';

export interface BabsRowView {
  month: string;
  ours: BabsFigures;
  theirs: BabsFigures | null;
  difference: BabsFigures | null;
  reportable: BabsSnapshot['reportable'];
  taxId: string;
  documents: number;
  /** The documents list PDF (mailed beside the letter). */
  docsPdfUrl: string;
}

export function babsView(snap: BabsSnapshot | undefined, theirs: BabsFigures | null, letterId: string): BabsRowView | null {
  if (!snap) return null;
  return {
    docsPdfUrl: `/api/mutabakat/letters/${letterId}/docs.pdf`,
    month: snap.month,
    ours: snap.ours,
    theirs,
    difference: theirs ? babsDifference(snap.ours, theirs) : null,
    reportable: snap.reportable,
    taxId: snap.taxId,
    documents: snap.docs.length,
  };
}

/** Σ difference per form and field over disagreed letters not resolved. */
export function babsDifferencesOf(rows: readonly { state: string; resolved: unknown; babs: BabsRowView | null }[]): BabsFigures | null {
  if (!rows.some((r) => r.babs)) return null;
  const sum = emptyFigures();
  for (const r of rows) {
    if (r.state !== 'disagreed' || r.resolved || !r.babs?.difference) continue;
    for (const f of FORMS) {
      sum[f].count += r.babs.difference[f].count;
      sum[f].net += r.babs.difference[f].net;
    }
  }
  return sum;
}
