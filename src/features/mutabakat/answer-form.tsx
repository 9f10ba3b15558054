/**
 * Record an answer that came outside the web page (phone, fax, e-mail, KEP, noter): kind, channel,
 * date, their balance per currency when they disagree, who answered, a note and the document they
 * sent. Checked here first (Turkish messages on each field); the document is uploaded before the
 * answer is sent and named in it.
 */
import { useState } from 'react';
import { STAFF_CHANNELS, type LetterRow, type RecordAnswerInput, type StaffChannel } from '../../api/mutabakat-types';
import { uploadDocument } from '../../api/mutabakat';
import { userMessageOf } from '../../domain/errors';
import { DateField } from '../../components/form/date-field';
import { TextField } from '../../components/form/text-field';
import { channelLabel } from '../../components/mutabakat/labels';
import { t } from '../../i18n';
import { amountInputMessage, parseAmountInput } from '../../domain/money';
import type { IsoDate } from '../../domain/types';
import { useToday } from '../../lib/use-today';
import { BabsAnswerFields, babsTextsOf, readBabsTexts, type BabsTexts } from './babs-answer-fields';

const MAX_DOCUMENT = 10 * 1024 * 1024;
type Amounts = Record<string, { text: string; side: 'B' | 'A' }>;

/** "1.234,56" typed by a Turkish user → kuruş (unsigned: the side is chosen beside it); the message otherwise ("1,500" is never guessed). */
function amountOf(text: string): { minor: number } | { error: string } {
  const r = parseAmountInput(text);
  return r.kind === 'amount' ? { minor: r.minor } : { error: amountInputMessage(r)! };
}

export function AnswerForm({
  letter,
  busy,
  onSubmit,
  onCancel,
}: {
  letter: LetterRow;
  busy: boolean;
  onSubmit: (body: RecordAnswerInput) => void;
  onCancel: () => void;
}) {
  const today = useToday();
  const [kind, setKind] = useState<'agreed' | 'disagreed'>('agreed');
  const [channel, setChannel] = useState<StaffChannel>('phone');
  const [date, setDate] = useState<IsoDate | null>(today);
  const [amounts, setAmounts] = useState<Amounts>(() =>
    Object.fromEntries(letter.ours.map((m) => [m.currency, { text: '', side: m.side === 'A' ? 'A' : 'B' }])),
  );
  const [name, setName] = useState('');
  const [title, setTitle] = useState('');
  const [note, setNote] = useState('');
  const [file, setFile] = useState<File | null>(null);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [uploading, setUploading] = useState(false);
  const [babsTexts, setBabsTexts] = useState<BabsTexts>(() => babsTextsOf(letter));

  async function submit() {
    const found: Record<string, string> = {};
    if (!name.trim()) found.name = t('mut.form.required');
    if (!date) found.date = t('mut.form.dateRequired');
    if (file && file.size > MAX_DOCUMENT) found.file = t('mut.form.fileTooLarge');
    const balances: NonNullable<RecordAnswerInput['balances']> = [];
    if (kind === 'disagreed')
      for (const m of letter.ours) {
        const a = amounts[m.currency]!;
        const r = amountOf(a.text);
        if ('error' in r) found[`amount:${m.currency}`] = r.error;
        else balances.push({ currency: m.currency, amount: r.minor, side: a.side });
      }
    let babs: RecordAnswerInput['babs'];
    if (kind === 'disagreed' && letter.babs) {
      const r = readBabsTexts(babsTexts);
      if ('errors' in r) Object.assign(found, r.errors);
      else babs = r.value;
    }
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    let documentId: string | undefined;
    if (file) {
      setUploading(true);
      try {
        documentId = (await uploadDocument(letter.id, file)).id;
      } catch (error) {
        setErrors({ file: userMessageOf(error) });
        return;
      } finally {
        setUploading(false);
      }
    }
    onSubmit({
      kind,
      channel,
      date: date!,
      name: name.trim(),
      title: title.trim(),
      note: note.trim(),
      ...(kind === 'disagreed' ? (babs ? { babs } : { balances }) : {}),
      ...(documentId ? { documentId } : {}),
    });
  }

  const setAmount = (currency: string, patch: Partial<Amounts[string]>) => setAmounts((prev) => ({ ...prev, [currency]: { ...prev[currency]!, ...patch } }));
  return (
    <form className="mut-form" noValidate aria-label={t('mut.letter.record')} onSubmit={(e) => (e.preventDefault(), void submit())}>
      <fieldset>
        <legend>{t('mut.form.kind')}</legend>
        {(['agreed', 'disagreed'] as const).map((k) => (
          <label key={k}>
            <input type="radio" name="mut-kind" checked={kind === k} onChange={() => setKind(k)} /> {t(`mut.form.kind.${k}`)}{' '}
          </label>
        ))}
      </fieldset>
      <div className="field">
        <label htmlFor="mut-channel">{t('mut.form.channel')}</label>
        <select id="mut-channel" value={channel} onChange={(e) => setChannel(e.target.value as StaffChannel)}>
          {STAFF_CHANNELS.map((c) => (
            <option key={c} value={c}>
              {channelLabel(c)}
            </option>
          ))}
        </select>
      </div>
      <div>
        <DateField label={t('mut.form.date')} value={date} onCommit={setDate} />
        {errors.date && (
          <span className="field__error" role="alert">
            {errors.date}
          </span>
        )}
      </div>
      {kind === 'disagreed' &&
        letter.ours.map((m) => (
          <div key={m.currency} className="mut-amount">
            <TextField
              id={`mut-amount-${m.currency}`}
              label={t('mut.form.amount', { currency: m.currency })}
              value={amounts[m.currency]!.text}
              onValueChange={(v) => setAmount(m.currency, { text: v })}
              error={errors[`amount:${m.currency}`]}
              inputMode="decimal"
            />
            <div className="field">
              <label htmlFor={`mut-side-${m.currency}`}>{t('mut.form.side', { currency: m.currency })}</label>
              <select
                id={`mut-side-${m.currency}`}
                value={amounts[m.currency]!.side}
                onChange={(e) => setAmount(m.currency, { side: e.target.value as 'B' | 'A' })}
              >
                <option value="B">{t('mut.form.side.B')}</option>
                <option value="A">{t('mut.form.side.A')}</option>
              </select>
            </div>
          </div>
        ))}
      {kind === 'disagreed' && letter.babs && (
        <BabsAnswerFields texts={babsTexts} onChange={(p) => setBabsTexts((prev) => ({ ...prev, ...p }))} errors={errors} />
      )}
      <TextField id="mut-answer-name" label={t('mut.form.name')} value={name} onValueChange={setName} error={errors.name} />
      <TextField id="mut-answer-title" label={t('mut.form.title')} value={title} onValueChange={setTitle} />
      <TextField id="mut-answer-note" label={t('mut.form.note')} value={note} onValueChange={setNote} />
      <div className="field">
        <label htmlFor="mut-answer-file">{t('mut.form.document')}</label>
        <input id="mut-answer-file" type="file" accept=".pdf,.xlsx,.csv,.png,.jpg,.jpeg" onChange={(e) => setFile(e.target.files?.[0] ?? null)} />
        {errors.file && (
          <span className="field__error" role="alert">
            {errors.file}
          </span>
        )}
      </div>
      <div className="mut-actions mut-wide">
        <button type="submit" className="button button--small button--primary" disabled={busy || uploading}>
          {busy || uploading ? t('mut.form.saving') : t('mut.form.save')}
        </button>
        <button type="button" className="button button--small" onClick={onCancel}>
          {t('mut.form.cancel')}
        </button>
      </div>
    </form>
  );
}
