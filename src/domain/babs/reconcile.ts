/**
 * BA/BS mutabakatı: what one letter freezes for a counterparty and month, and how an answer compares.
 * Our Form Bs (our sales to them) is THEIR Form Ba, and our Ba their Bs: the counterpart is asked for
 * their figures per OUR form (bs = what they list on their Ba for us), so the difference is simply
 * ours − theirs per form and per field (belge sayısı, KDV hariç tutar in kuruş).
 */
import type { Minor } from '../types';
import { addMinor } from '../money';
import type { BabsForm } from './classify';
import type { BabsLine } from './compute';

export interface BabsFigure {
  count: number;
  net: Minor;
}
export type BabsFigures = Record<BabsForm, BabsFigure>;

/** One document as the letter's list shows it (TL kuruş; currency when the document was not in TL). */
export interface BabsLetterDoc {
  form: BabsForm;
  number: string;
  date: string | null;
  type: string;
  net: Minor;
  vat: Minor | null;
  total: Minor | null;
  currency: string;
}

export interface BabsSnapshot {
  /** 'YYYY-MM' */
  month: string;
  threshold: Minor;
  ours: BabsFigures;
  reportable: Record<BabsForm, boolean>;
  /** VKN/TCKN from the contacts when the letter was made ('' = not known). */
  taxId: string;
  /** Currencies of documents not in TL (their TL amounts are the ERP's). */
  foreign: string[];
  docs: BabsLetterDoc[];
  /** Documents of this counterparty the month could not place (not in the figures). */
  unclassified: number;
}

export const FORMS: readonly BabsForm[] = ['bs', 'ba'];

export const emptyFigures = (): BabsFigures => ({ bs: { count: 0, net: 0 }, ba: { count: 0, net: 0 } });

export function figuresOf(line: BabsLine | undefined): BabsFigures {
  if (!line) return emptyFigures();
  return { bs: { count: line.bs.count, net: line.bs.net }, ba: { count: line.ba.count, net: line.ba.net } };
}

export function lettersDocs(line: BabsLine | undefined): BabsLetterDoc[] {
  if (!line) return [];
  return FORMS.flatMap((form) =>
    line[form].docs.map((d) => ({
      form,
      number: d.number,
      date: d.date,
      type: d.typeNote ? `${d.type} (${d.typeNote})` : d.type,
      net: d.net ?? 0,
      vat: d.vat,
      total: d.total,
      currency: d.currency,
    })),
  );
}

/** ours − theirs per form and field (0 = the same). */
export function babsDifference(ours: BabsFigures, theirs: BabsFigures): BabsFigures {
  const d = (f: BabsForm): BabsFigure => ({ count: ours[f].count - theirs[f].count, net: addMinor(ours[f].net, -theirs[f].net) });
  return { bs: d('bs'), ba: d('ba') };
}

export const sameFigures = (d: BabsFigures): boolean => FORMS.every((f) => d[f].count === 0 && d[f].net === 0);
