/** Columns a letter row shows wherever it is listed (the board, an account's history). */
import type { DataColumn } from '../data-table';
import type { LetterRow } from '../../api/mutabakat-types';
import { t } from '../../i18n';
import { formatDate, formatDateTime } from '../../domain/format';
import { DownloadLink } from './download-link';
import { channelLabel, stateLabel } from './labels';
import { MoneyList, firstBalance, moneyText } from './money-list';

export function answerText(l: LetterRow): string {
  const a = l.answer;
  if (!a) return '';
  const who = [a.name, a.title].filter(Boolean).join(', ');
  // A web answer's moment is known (Istanbul time); one recorded by staff carries the date they gave.
  const when = a.channel === 'web' ? formatDateTime(new Date(a.at)) : formatDate(a.date);
  const text = t('mut.row.answerText', { name: who, date: when, channel: channelLabel(a.channel) });
  return a.recordedBy ? `${text} ${t('mut.row.recordedBy', { user: a.recordedBy })}` : text;
}

export function StateCell({ letter }: { letter: LetterRow }) {
  return (
    <span className={`mut-state mut-state--${letter.state}`}>
      {stateLabel(letter.state)}
      {letter.monthPassed && <span className="mut-flag"> · {t('mut.row.monthPassed')}</span>}
      {letter.resolved && <span className="mut-flag"> · {t('mut.row.resolved')}</span>}
      {letter.maybeTwice && <span className="mut-flag"> · {t('mut.row.maybeTwice')}</span>}
    </span>
  );
}

export function AttachmentCell({ letter }: { letter: LetterRow }) {
  const a = letter.answer?.attachment;
  if (!a) return null;
  return (
    <DownloadLink href={`/api/mutabakat/attachments/${encodeURIComponent(a.id)}`} fileName={a.fileName}>
      {a.fileName}
    </DownloadLink>
  );
}

const stateText = (l: LetterRow) =>
  [stateLabel(l.state), l.monthPassed ? t('mut.row.monthPassed') : '', l.resolved ? t('mut.row.resolved') : '', l.maybeTwice ? t('mut.row.maybeTwice') : '']
    .filter(Boolean)
    .join(' · ');

export const stateColumn: DataColumn<LetterRow> = {
  id: 'state',
  header: () => t('mut.row.state'),
  width: '10rem',
  wrap: true,
  value: stateText,
  cell: (l) => <StateCell letter={l} />,
};
export const moneyColumns: readonly DataColumn<LetterRow>[] = [
  {
    id: 'ours',
    header: () => t('mut.row.ours'),
    kind: 'money',
    width: '11rem',
    value: (l) => firstBalance(l.ours),
    cell: (l) => <MoneyList items={l.ours} />,
    csv: (l) => moneyText(l.ours),
    printText: (l) => moneyText(l.ours),
  },
  {
    id: 'theirs',
    header: () => t('mut.row.theirs'),
    kind: 'money',
    width: '11rem',
    value: (l) => firstBalance(l.theirs),
    cell: (l) => <MoneyList items={l.theirs} />,
    csv: (l) => moneyText(l.theirs),
    printText: (l) => moneyText(l.theirs),
  },
  {
    id: 'difference',
    header: () => t('mut.row.difference'),
    kind: 'money',
    width: '11rem',
    value: (l) => firstBalance(l.difference),
    cell: (l) => <MoneyList items={l.difference?.filter((d) => d.balance !== 0) ?? null} testId={`diff-${l.accountId}`} />,
    csv: (l) => moneyText(l.difference),
    printText: (l) => moneyText(l.difference),
  },
];
export const answerColumn: DataColumn<LetterRow> = { id: 'answer', header: () => t('mut.row.answer'), width: '16rem', value: answerText, wrap: true };
export const attachmentColumn: DataColumn<LetterRow> = {
  id: 'attachment',
  header: () => t('mut.row.attachment'),
  width: '10rem',
  value: (l) => l.answer?.attachment?.fileName ?? '',
  cell: (l) => <AttachmentCell letter={l} />,
  sortable: false,
};
export const sentColumn: DataColumn<LetterRow> = {
  id: 'sentAt',
  header: () => t('mut.event.sent'),
  width: '9rem',
  value: (l) => (l.sentAt ? formatDateTime(new Date(l.sentAt)) : ''),
  sortValue: (l) => l.sentAt ?? '',
  defaultHidden: 'narrow',
};
