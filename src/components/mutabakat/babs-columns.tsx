/**
 * A BA/BS letter's figures wherever a letter is listed (the board, an account's history, its panel):
 * per form our count and KDV-hariç total, theirs (their Ba for our Bs), and the difference per field
 * (belge sayısı, tutar) — a count-only difference shows as such, never hidden in a total.
 */
import type { DataColumn } from '../data-table';
import type { BabsRowView, LetterRow } from '../../api/mutabakat-types';
import type { BabsFigure, BabsFigures } from '../../domain/babs/reconcile';
import type { BabsForm } from '../../domain/babs/classify';
import { formatMoney } from '../../domain/format';
import { t } from '../../i18n';

export const figureText = (f: BabsFigure | null | undefined): string => (f ? t('babs.mut.figure', { count: String(f.count), amount: formatMoney(f.net) }) : '');

/** "Belge: +1 · Tutar: 0,00" → only the fields that differ; '' when none (or no answer). */
export function diffText(d: BabsFigure | null | undefined): string {
  if (!d) return '';
  const parts = [];
  if (d.count !== 0) parts.push(t('babs.mut.diffCount', { n: `${d.count > 0 ? '+' : ''}${d.count}` }));
  if (d.net !== 0) parts.push(t('babs.mut.diffAmount', { amount: `${d.net > 0 ? '+' : '−'}${formatMoney(Math.abs(d.net))}` }));
  return parts.length ? parts.join(' · ') : t('babs.mut.noDiff');
}

/** Campaign or letter: the fields that differ, per form. */
export function formsDiffText(d: BabsFigures | null | undefined): string {
  if (!d) return '';
  return (['bs', 'ba'] as const)
    .filter((f) => d[f].count !== 0 || d[f].net !== 0)
    .map((f) => `${f === 'bs' ? 'Bs' : 'Ba'}: ${diffText(d[f])}`)
    .join('; ');
}

function DiffCell({ d, testId }: { d: BabsFigure | null | undefined; testId: string }) {
  if (!d) return null;
  const differs = d.count !== 0 || d.net !== 0;
  return (
    <span className={differs ? 'mut-babs-diff mut-babs-diff--yes' : 'mut-babs-diff'} data-testid={testId}>
      {diffText(d)}
    </span>
  );
}

const view = (l: LetterRow): BabsRowView | null => l.babs ?? null;

function formColumns(form: BabsForm): DataColumn<LetterRow>[] {
  const F = form === 'bs' ? 'Bs' : 'Ba';
  return [
    {
      id: `${form}Ours`,
      header: () => t('babs.mut.col.ours', { form: F }),
      width: '11rem',
      wrap: true,
      value: (l) => figureText(view(l)?.ours[form]),
      sortValue: (l) => view(l)?.ours[form].net ?? null,
    },
    {
      id: `${form}Theirs`,
      header: () => t(form === 'bs' ? 'babs.mut.col.theirsBs' : 'babs.mut.col.theirsBa'),
      width: '11rem',
      wrap: true,
      value: (l) => figureText(view(l)?.theirs?.[form]),
      sortValue: (l) => view(l)?.theirs?.[form].net ?? null,
    },
    {
      id: `${form}Diff`,
      header: () => t('babs.mut.col.diff', { form: F }),
      width: '10rem',
      wrap: true,
      value: (l) => diffText(view(l)?.difference?.[form]),
      sortValue: (l) => Math.abs(view(l)?.difference?.[form].net ?? 0) + Math.abs(view(l)?.difference?.[form].count ?? 0),
      cell: (l) => <DiffCell d={view(l)?.difference?.[form]} testId={`babs-diff-${form}-${l.accountId}`} />,
    },
  ];
}

export const babsColumns: readonly DataColumn<LetterRow>[] = [
  { id: 'taxId', header: () => t('babs.col.taxId'), width: '8rem', value: (l) => view(l)?.taxId || t('babs.taxId.missing'), defaultHidden: 'narrow' },
  ...formColumns('bs'),
  ...formColumns('ba'),
];

/** The letter panel's BA/BS figures. */
export function BabsFiguresList({ letter }: { letter: LetterRow }) {
  const b = letter.babs;
  if (!b) return null;
  return (
    <table className="mut-babs-figures" aria-label={t('babs.mut.figures')}>
      <thead>
        <tr>
          <th>{t('babs.docs.form')}</th>
          <th>{t('babs.mut.ours')}</th>
          <th>{t('babs.mut.theirs')}</th>
          <th>{t('babs.mut.difference')}</th>
        </tr>
      </thead>
      <tbody>
        {(['bs', 'ba'] as const).map((f) => (
          <tr key={f}>
            <th scope="row">{t(f === 'bs' ? 'babs.mut.rowBs' : 'babs.mut.rowBa')}</th>
            <td>{figureText(b.ours[f])}</td>
            <td>{figureText(b.theirs?.[f])}</td>
            <td>
              <DiffCell d={b.difference?.[f]} testId={`babs-panel-diff-${f}`} />
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
