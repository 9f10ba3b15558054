/**
 * The auditor decides what is confirmed (BDS 505 ¶7 (a)): the population at the period end (per side
 * and currency), a method — coverage %, threshold, random or stratified with a seed printed — and the
 * coverage reached, per side and currency, in count and sum.
 */
import { useId, useState } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { denetimQueries, drawSample, type Coverage, type Sample, type Side } from '../../api/denetim';
import { userMessageOf } from '../../domain/errors';
import { formatMoney } from '../../domain/format';
import { amountInputMessage, parseAmountInput } from '../../domain/money';
import { TextField } from '../../components/form/text-field';
import { t } from '../../i18n';

type Kind = 'coverage' | 'threshold' | 'random' | 'stratified';
const sideText = (s: Side) => t(s === 'B' ? 'den.side.B' : 'den.side.A');
/** Basis points as a percentage: 7012 → "70,12" (the formatter's two decimals). */
const pct = (bp: number) => formatMoney(bp);
const money = (s: string) => formatMoney(Number(s));
/** The method in words, the seed printed (the same seed redraws the same accounts). */
export function methodText(m: Record<string, unknown>): string {
  if (m.kind === 'coverage') return t('den.method.coverage', { percent: String(m.percent).replace('.', ',') });
  if (m.kind === 'threshold') return t('den.method.threshold', { amount: formatMoney(Number(m.minMinor)) });
  if (m.kind === 'random') return t('den.method.random', { count: Number(m.count), seed: String(m.seed) });
  if (m.kind === 'stratified') return t('den.method.stratified', { strata: Array.isArray(m.strata) ? m.strata.length : 0, seed: String(m.seed) });
  return '';
}
const newSeed = () => `${new Date().getFullYear()}-${Math.random().toString(36).slice(2, 8)}`;

export function CoverageTable({ coverage }: { coverage: readonly Coverage[] }) {
  return (
    <table className="data-table den-coverage" aria-label={t('den.cov.title')}>
      <thead>
        <tr>
          <th>{t('den.pop.side')}</th>
          <th>{t('den.pop.currency')}</th>
          <th className="num">{t('den.cov.popCount')}</th>
          <th className="num">{t('den.cov.popSum')}</th>
          <th className="num">{t('den.cov.selCount')}</th>
          <th className="num">{t('den.cov.selSum')}</th>
          <th className="num">{t('den.cov.percent')}</th>
        </tr>
      </thead>
      <tbody>
        {coverage.map((c) => (
          <tr key={`${c.side}${c.currency}`}>
            <td>{sideText(c.side)}</td>
            <td>{c.currency}</td>
            <td className="num">{c.populationCount}</td>
            <td className="num">{money(c.populationSum)}</td>
            <td className="num">{c.selectedCount}</td>
            <td className="num">{money(c.selectedSum)}</td>
            <td className="num">%{pct(c.sumBasisPoints)}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

/** "0; 100.000; 5" per line → a stratum (amounts typed as a Turkish user types them). */
function readStrata(text: string): { fromMinor: number; toMinor: number | null; count: number }[] | string {
  const out = [];
  for (const line of text
    .split('\n')
    .map((l) => l.trim())
    .filter(Boolean)) {
    const [from, to, count] = line.split(';').map((x) => x.trim());
    const a = parseAmountInput(from ?? '');
    const b = to ? parseAmountInput(to) : null;
    if (a.kind !== 'amount') return amountInputMessage(a) ?? line;
    if (b && b.kind !== 'amount') return amountInputMessage(b) ?? line;
    out.push({ fromMinor: a.minor, toMinor: b && b.kind === 'amount' ? b.minor : null, count: Number(count) });
  }
  return out;
}

export function SampleSection({ sample }: { sample: Sample | null }) {
  const id = useId();
  const client = useQueryClient();
  const pop = useQuery(denetimQueries.population());
  const [kind, setKind] = useState<Kind>('coverage');
  const [v, setV] = useState({ percent: '70', amount: '', count: '5', seed: newSeed(), strata: '0; 100.000; 5\n100.000;; 5' });
  const [check, setCheck] = useState<string | null>(null);
  const set = (k: keyof typeof v) => (x: string) => setV((o) => ({ ...o, [k]: x }));
  const draw = useMutation({
    mutationFn: drawSample,
    onSuccess: () => void client.invalidateQueries({ queryKey: ['denetci'] }),
  });
  const submit = () => {
    setCheck(null);
    if (kind === 'coverage') return draw.mutate({ kind, percent: Number(v.percent.replace(',', '.')) });
    if (kind === 'random') return draw.mutate({ kind, count: Number(v.count), seed: v.seed });
    if (kind === 'threshold') {
      const a = parseAmountInput(v.amount);
      if (a.kind !== 'amount') return setCheck(amountInputMessage(a) ?? '');
      return draw.mutate({ kind, minMinor: a.minor });
    }
    const strata = readStrata(v.strata);
    if (typeof strata === 'string') return setCheck(strata);
    draw.mutate({ kind, strata, seed: v.seed });
  };
  const shown = draw.data?.coverage ?? sample?.coverage ?? null;
  return (
    <section className="mut-section" aria-labelledby={`${id}-h`}>
      <h2 id={`${id}-h`}>{t('den.pop.title')}</h2>
      {pop.isPending && <p>{t('den.pop.loading')}</p>}
      {pop.error && (
        <p className="field__error" role="alert">
          {userMessageOf(pop.error)}
        </p>
      )}
      {pop.data && <p>{t('den.pop.accounts', { n: pop.data.accounts.toLocaleString('tr-TR') })}</p>}
      <form
        className="mut-form"
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          submit();
        }}
      >
        <div className="field">
          <label htmlFor={`${id}-k`}>{t('den.sample.method')}</label>
          <select id={`${id}-k`} value={kind} onChange={(e) => setKind(e.target.value as Kind)}>
            {(['coverage', 'threshold', 'random', 'stratified'] as const).map((k) => (
              <option key={k} value={k}>
                {t(`den.sample.${k}`)}
              </option>
            ))}
          </select>
        </div>
        {kind === 'coverage' && (
          <TextField id={`${id}-p`} label={t('den.sample.percent')} inputMode="decimal" value={v.percent} onValueChange={set('percent')} />
        )}
        {kind === 'threshold' && (
          <TextField
            id={`${id}-a`}
            label={t('den.sample.minAmount')}
            inputMode="decimal"
            placeholder="100.000,00"
            value={v.amount}
            onValueChange={set('amount')}
          />
        )}
        {kind === 'random' && <TextField id={`${id}-c`} label={t('den.sample.count')} inputMode="numeric" value={v.count} onValueChange={set('count')} />}
        {kind === 'stratified' && (
          <div className="field mut-wide">
            <label htmlFor={`${id}-s`}>{t('den.sample.strata')}</label>
            <textarea id={`${id}-s`} rows={3} value={v.strata} onChange={(e) => set('strata')(e.target.value)} />
          </div>
        )}
        {(kind === 'random' || kind === 'stratified') && (
          <div className="field">
            <TextField id={`${id}-seed`} label={t('den.sample.seed')} value={v.seed} onValueChange={set('seed')} />
            <button type="button" className="button button--small" onClick={() => set('seed')(newSeed())}>
              {t('den.sample.newSeed')}
            </button>
          </div>
        )}
        {(check || draw.error) && (
          <p className="field__error mut-wide" role="alert">
            {check ?? userMessageOf(draw.error)}
          </p>
        )}
        <div className="mut-actions mut-wide">
          <button type="submit" className="button button--primary" disabled={draw.isPending || !pop.data}>
            {t('den.sample.draw')}
          </button>
        </div>
      </form>
      <h2>{t('den.cov.title')}</h2>
      {sample && (
        <p role="status">
          {t('den.sample.result', { n: draw.data?.selected ?? sample.coverage.reduce((s, c) => s + c.selectedCount, 0), method: methodText(sample.method) })}
        </p>
      )}
      {shown ? <CoverageTable coverage={shown} /> : <p>{t('den.cov.none')}</p>}
    </section>
  );
}
