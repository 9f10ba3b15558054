/** The auditor's report of a BA/BS campaign (report.ts): per form our figure, theirs, and the difference per field. */
import { formatDate, formatMoney } from '../../src/domain/format';
import type { BabsFigure } from '../../src/domain/babs/reconcile';
import { monthName } from '../../src/domain/babs/month';
import type { LetterJson } from '../mutabakat/campaigns';

const fig = (f: BabsFigure | undefined) => (f ? `${f.count} belge, ${formatMoney(f.net)} TL` : '');
const diff = (f: BabsFigure | undefined) => {
  if (!f) return '';
  const parts = [
    f.count !== 0 ? `belge ${f.count > 0 ? '+' : ''}${f.count}` : '',
    f.net !== 0 ? `tutar ${f.net > 0 ? '+' : '−'}${formatMoney(Math.abs(f.net))} TL` : '',
  ].filter(Boolean);
  return parts.join(', ') || 'fark yok';
};

/** Ours / theirs / difference as "Bs: …; Ba: …" (null for a cari letter). */
export function babsCells(l: LetterJson): { ours: string; theirs: string; difference: string } | null {
  const b = l.babs;
  if (!b) return null;
  const both = (g: (f: 'bs' | 'ba') => string) => `Bs: ${g('bs')}; Ba: ${g('ba')}`;
  return {
    ours: both((f) => fig(b.ours[f])),
    theirs: b.theirs ? both((f) => fig(b.theirs![f])) : '',
    difference: b.difference ? both((f) => diff(b.difference![f])) : '',
  };
}

export const periodOf = (c: { kind: string; asOf: string }): string =>
  c.kind === 'babs' ? `${monthName(c.asOf.slice(0, 7))} BA/BS` : `${formatDate(c.asOf)} itibarıyla`;

export const BABS_HEAD = [
  'Firma ID',
  'Firma',
  'Durum',
  'E-posta',
  'Bizim (Bs; Ba)',
  'Karşı taraf (Ba’sı; Bs’si)',
  'Fark (bizim − karşı)',
  'Yanıtlayan',
  'Yanıt tarihi',
  'Kanal',
  'Ek',
  'Çözüm',
  'Gönderildi',
];
export const BABS_COLS: [string, number][] = [
  ['Firma ID', 8],
  ['Firma', 22],
  ['Durum', 12],
  ['Bizim (Bs; Ba)', 20],
  ['Karşı taraf', 20],
  ['Fark', 20],
  ['Yanıtlayan', 16],
  ['Tarih', 10],
  ['Kanal', 8],
];
