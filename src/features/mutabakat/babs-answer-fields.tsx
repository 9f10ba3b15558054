/** A BA/BS answer recorded by staff: the counterpart's count and KDV-hariç total per our form (filled with ours; change what differs). */
import type { LetterRow, RecordAnswerInput } from '../../api/mutabakat-types';
import { TextField } from '../../components/form/text-field';
import { formatMoney } from '../../domain/format';
import { amountInputMessage, parseAmountInput } from '../../domain/money';
import { t } from '../../i18n';

export type BabsTexts = Record<'bsCount' | 'bsAmount' | 'baCount' | 'baAmount', string>;

export const babsTextsOf = (letter: LetterRow): BabsTexts => {
  const o = letter.babs?.ours;
  return {
    bsCount: String(o?.bs.count ?? ''),
    bsAmount: o ? formatMoney(o.bs.net) : '',
    baCount: String(o?.ba.count ?? ''),
    baAmount: o ? formatMoney(o.ba.net) : '',
  };
};

/** Their figures, or the errors per field (Turkish). */
export function readBabsTexts(x: BabsTexts): { value: NonNullable<RecordAnswerInput['babs']> } | { errors: Record<string, string> } {
  const errors: Record<string, string> = {};
  const out = {} as NonNullable<RecordAnswerInput['babs']>;
  for (const f of ['bs', 'ba'] as const) {
    const count = x[`${f}Count`].trim();
    // Typed as a Turkish user types it ("15.000", "15.000,50"); "1,500" is never guessed.
    const amount = parseAmountInput(x[`${f}Amount`]);
    if (!/^\d{1,6}$/.test(count)) errors[`${f}Count`] = t('babs.mut.answer.countInvalid');
    if (amount.kind !== 'amount') errors[`${f}Amount`] = amountInputMessage(amount)!;
    else if (!errors[`${f}Count`]) out[f] = { count: Number(count), amount: amount.minor };
  }
  return Object.keys(errors).length ? { errors } : { value: out };
}

export function BabsAnswerFields({
  texts,
  onChange,
  errors,
}: {
  texts: BabsTexts;
  onChange: (patch: Partial<BabsTexts>) => void;
  errors: Record<string, string>;
}) {
  return (
    <>
      {(['bs', 'ba'] as const).map((f) => {
        const form = t(f === 'bs' ? 'babs.mut.rowBs' : 'babs.mut.rowBa');
        return (
          <div key={f} className="mut-amount">
            <TextField
              id={`mut-babs-${f}-count`}
              label={t('babs.mut.answer.count', { form })}
              value={texts[`${f}Count`]}
              onValueChange={(v) => onChange({ [`${f}Count`]: v })}
              error={errors[`${f}Count`]}
              inputMode="numeric"
            />
            <TextField
              id={`mut-babs-${f}-amount`}
              label={t('babs.mut.answer.amount', { form })}
              value={texts[`${f}Amount`]}
              onValueChange={(v) => onChange({ [`${f}Amount`]: v })}
              error={errors[`${f}Amount`]}
              inputMode="decimal"
            />
          </div>
        );
      })}
    </>
  );
}
