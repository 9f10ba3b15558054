/**
 * A customer's collections panel (worklist side panel and the account page): next action, its date
 * and owner (saved against the version read: a conflicting save shows the other user's), the
 * append-only activity log, promises to pay with their verdict from the statement, and the
 * open items sent by e-mail.
 */
import { useEffect, useId, useState, type FormEvent } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { addActivity, addPromise, saveCollectState, sendDocument, tahsilatQueries, type CollectAccount, type PromiseInfo } from '../../api/tahsilat';
import { t, type MessageKey } from '../../i18n';
import { formatDate, formatDateTime, formatMoney } from '../../domain/format';
import { amountInputMessage, parseAmountInput } from '../../domain/money';
import type { IsoDate } from '../../domain/types';
import { DateField } from '../form/date-field';
import './customer-panel.css';

const RESULTS: [string, string][] = [
  ['ulasilamadi', 'Ulaşılamadı'],
  ['mesaj', 'Mesaj bırakıldı'],
  ['soz', 'Ödeme sözü'],
  ['itiraz', 'İtiraz'],
  ['fatura_ulasmadi', 'Fatura ulaşmadı'],
  ['odeme_yolda', 'Ödeme yolda'],
  ['odendi', 'Ödendi'],
];
const KINDS = ['call', 'note', 'email', 'letter', 'visit'] as const;
const FLAGS = ['itiraz', 'beklemede', 'hukuki'] as const;
const messageOf = (e: unknown) => (e && typeof e === 'object' && 'userMessage' in e ? String((e as { userMessage: string }).userMessage) : 'İşlem yapılamadı.');
const problemsOf = (e: unknown) =>
  e && typeof e === 'object' && 'problems' in e ? (e as { problems: { message: string }[] }).problems.map((p) => p.message) : [];

/** "5.000,00 TL → Bekliyor (28.11.2026)"; `dated: false` where the due date is already beside it (the panel's list). */
export function promiseText(p: PromiseInfo, { dated = true }: { dated?: boolean } = {}): string {
  const amount = `${formatMoney(p.amount)} ${p.currency}`;
  const verdict =
    p.status === 'pending'
      ? dated
        ? t('col.promise.pending', { date: formatDate(p.due) })
        : t('col.promise.waiting')
      : p.status === 'partial'
        ? t('col.promise.partial', { amount: `${formatMoney(p.shortfall ?? 0)} ${p.currency}` })
        : t(`col.promise.${p.status}` as MessageKey);
  return `${amount} → ${verdict}${p.late ? ' (ek sürede)' : ''}`;
}

function Errors({ error }: { error: unknown }) {
  if (!error) return null;
  const list = problemsOf(error);
  return (
    <div role="alert" className="col-error">
      {messageOf(error)}
      {list.length > 0 && (
        <ul>
          {list.map((m) => (
            <li key={m}>{m}</li>
          ))}
        </ul>
      )}
    </div>
  );
}

function NextAction({ acc }: { acc: CollectAccount }) {
  const qc = useQueryClient();
  const [form, setForm] = useState(acc.state);
  const [error, setError] = useState<unknown>(null);
  const [done, setDone] = useState(false);
  // The date box holds a date it refused (marked beside it): nothing is sent until it is mended.
  const [dateRefused, setDateRefused] = useState(false);
  useEffect(() => setForm(acc.state), [acc.state]);
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setError(null);
    setDone(false);
    if (dateRefused) return;
    try {
      const next = await saveCollectState(acc.accountId, {
        owner: form.owner,
        nextAction: form.nextAction,
        nextActionDate: form.nextActionDate || null,
        flags: form.flags,
        version: acc.state.version,
      });
      qc.setQueryData(tahsilatQueries.account(acc.accountId).queryKey, next);
      setDone(true);
    } catch (err) {
      setError(err);
    }
    void qc.invalidateQueries({ queryKey: ['tahsilat'] });
  };
  return (
    <form className="col-form" onSubmit={(e) => void submit(e)}>
      <label>
        {t('col.panel.next')}
        <input value={form.nextAction} onChange={(e) => setForm({ ...form, nextAction: e.target.value })} />
      </label>
      <DateField
        label={t('col.panel.nextDate')}
        value={form.nextActionDate}
        onCommit={(iso) => setForm((f) => ({ ...f, nextActionDate: iso }))}
        onValidity={setDateRefused}
        submitOnEnter
      />
      <label>
        {t('col.panel.owner')}
        <input value={form.owner ?? ''} onChange={(e) => setForm({ ...form, owner: e.target.value || null })} />
      </label>
      <fieldset className="col-flags">
        {FLAGS.map((f) => (
          <label key={f}>
            <input
              type="checkbox"
              checked={form.flags.includes(f)}
              onChange={(e) => setForm({ ...form, flags: e.target.checked ? [...form.flags, f] : form.flags.filter((x) => x !== f) })}
            />
            {t(`col.flag.${f}`)}
          </label>
        ))}
      </fieldset>
      <button className="button button--small" type="submit">
        {t('col.panel.save')}
      </button>
      {done && <span role="status">{t('col.panel.saved')}</span>}
      <Errors error={error} />
    </form>
  );
}

function LogForm({ acc }: { acc: CollectAccount }) {
  const qc = useQueryClient();
  const [kind, setKind] = useState<string>('call');
  const [result, setResult] = useState('ulasilamadi');
  const [note, setNote] = useState('');
  const [error, setError] = useState<unknown>(null);
  const [busy, setBusy] = useState(false);
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setError(null);
    setBusy(true);
    try {
      qc.setQueryData(
        tahsilatQueries.account(acc.accountId).queryKey,
        await addActivity(acc.accountId, { kind, result: kind === 'call' ? result : null, note }),
      );
      // Only the text that was saved is cleared (what was typed meanwhile stays).
      setNote((now) => (now === note ? '' : now));
      void qc.invalidateQueries({ queryKey: ['tahsilat', 'worklist'] });
    } catch (err) {
      setError(err);
    }
    setBusy(false);
  };
  return (
    <form className="col-form" onSubmit={(e) => void submit(e)} aria-label={t('col.panel.log')} aria-busy={busy || undefined}>
      <label>
        {t('col.panel.kind')}
        <select value={kind} onChange={(e) => setKind(e.target.value)}>
          {KINDS.map((k) => (
            <option key={k} value={k}>
              {t(`col.kind.${k}`)}
            </option>
          ))}
        </select>
      </label>
      {kind === 'call' && (
        <label>
          {t('col.panel.result')}
          <select value={result} onChange={(e) => setResult(e.target.value)}>
            {RESULTS.map(([v, l]) => (
              <option key={v} value={v}>
                {l}
              </option>
            ))}
          </select>
        </label>
      )}
      <label>
        {t('col.panel.note')}
        <textarea rows={2} value={note} onChange={(e) => setNote(e.target.value)} />
      </label>
      <button className="button button--small" type="submit" disabled={busy}>
        {t('col.panel.add')}
      </button>
      <Errors error={error} />
    </form>
  );
}

function PromiseForm({ acc }: { acc: CollectAccount }) {
  const qc = useQueryClient();
  const [amount, setAmount] = useState('');
  // The amount read as the server reads it (parseAmountInput): "50.000" is fifty thousand, "1,500" is refused here.
  const [amountError, setAmountError] = useState<string | null>(null);
  const errorId = useId();
  const [currency, setCurrency] = useState(acc.currencies[0] ?? 'TL');
  const [due, setDue] = useState<IsoDate | null>(null);
  const [dueRefused, setDueRefused] = useState(false);
  // A saved promise empties the form; the date box is made anew (it keeps what is typed while it has focus).
  const [saved, setSaved] = useState(0);
  const [error, setError] = useState<unknown>(null);
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setError(null);
    // A sign is read (the server then says the amount must be above zero); only an unreadable amount stops here.
    const amountProblem = amountInputMessage(parseAmountInput(amount, { negative: true }), t('col.panel.amountSubject'));
    setAmountError(amountProblem);
    if (dueRefused || amountProblem) return;
    try {
      qc.setQueryData(tahsilatQueries.account(acc.accountId).queryKey, await addPromise(acc.accountId, { amount, currency, due: due ?? '' }));
      setAmount('');
      setDue(null);
      setSaved((n) => n + 1);
      void qc.invalidateQueries({ queryKey: ['tahsilat', 'worklist'] });
    } catch (err) {
      setError(err);
    }
  };
  const currencies = [...new Set(['TL', ...acc.currencies])];
  return (
    <form className="col-form" onSubmit={(e) => void submit(e)} aria-label={t('col.panel.promise')}>
      <label>
        {t('col.panel.amount')}
        <input
          inputMode="decimal"
          placeholder="50.000,00"
          value={amount}
          onChange={(e) => (setAmount(e.target.value), setAmountError(null))}
          aria-invalid={amountError ? true : undefined}
          aria-describedby={amountError ? errorId : undefined}
        />
      </label>
      {amountError && (
        <span id={errorId} className="field__error" role="alert">
          {amountError}
        </span>
      )}
      <label>
        {t('col.c.currency')}
        <select value={currency} onChange={(e) => setCurrency(e.target.value)}>
          {currencies.map((c) => (
            <option key={c}>{c}</option>
          ))}
        </select>
      </label>
      <DateField key={saved} label={t('col.panel.due')} value={due} onCommit={setDue} onValidity={setDueRefused} submitOnEnter />
      <button className="button button--small" type="submit">
        {t('col.panel.addPromise')}
      </button>
      <Errors error={error} />
    </form>
  );
}

const DOCS = ['statement', 'openItems', 'lateInterest'] as const;

/** A statement, the open items or the vade farkı as PDF to the account's contact (tahsilat address, else mutabakat), logged. */
function SendDocument({ acc }: { acc: CollectAccount }) {
  const qc = useQueryClient();
  const [kind, setKind] = useState<(typeof DOCS)[number]>('statement');
  const [sent, setSent] = useState<unknown>(null);
  const to = acc.address.collectTo?.length ? acc.address.collectTo : acc.address.to;
  const send = async (e: FormEvent) => {
    e.preventDefault();
    setSent(null);
    try {
      const r = await sendDocument(acc.accountId, kind);
      qc.setQueryData(tahsilatQueries.account(acc.accountId).queryKey, r.account);
      setSent('ok');
    } catch (err) {
      setSent(err);
    }
  };
  return (
    <form className="col-send" onSubmit={(e) => void send(e)} aria-label={t('col.send.title')}>
      <label>
        {t('col.send.kind')}
        <select value={kind} onChange={(e) => setKind(e.target.value as (typeof DOCS)[number])}>
          {DOCS.map((d) => (
            <option key={d} value={d}>
              {t(`col.send.${d}`)}
            </option>
          ))}
        </select>
      </label>
      <button className="button button--small" type="submit" disabled={to.length === 0}>
        {t('col.send.button')}
      </button>
      <span className="col-send__to">{to.length ? t('col.send.to', { to: to.join(', ') }) : t('col.send.noAddress')}</span>
      {sent === 'ok' ? <span role="status">{t('col.panel.sent')}</span> : <Errors error={sent} />}
    </form>
  );
}

export function CustomerPanel({ accountId, onClose }: { accountId: string; onClose?: () => void }) {
  const q = useQuery(tahsilatQueries.account(accountId));
  const acc = q.data;
  if (q.error)
    return (
      <div className="col-panel">
        <Errors error={q.error} />
      </div>
    );
  if (!acc)
    return (
      <div className="col-panel" aria-busy="true">
        …
      </div>
    );
  return (
    <section className="col-panel" aria-label={t('col.panel.title', { name: acc.name || accountId })}>
      <header className="col-panel__head">
        <h2>{t('col.panel.title', { name: acc.name || accountId })}</h2>
        {onClose && (
          <button type="button" className="button button--small" onClick={onClose}>
            {t('col.panel.close')}
          </button>
        )}
      </header>
      {acc.stale && <p className="notice">ERP’ye ulaşılamadı: tutarlar ve söz durumları güncel değil.</p>}
      <p>{acc.overdue.map((c) => `${t('col.c.overdue')}: ${formatMoney(c.overdue)} ${c.currency} · ${t('col.c.oldest')}: ${c.oldestDays}`).join(' · ')}</p>
      <NextAction acc={acc} />
      <h3>{t('col.panel.promise')}</h3>
      <PromiseForm acc={acc} />
      {acc.promises.length > 0 && (
        <ul className="col-promises" aria-label={t('col.panel.promises')}>
          {acc.promises.map((p) => (
            <li key={p.id} className={`col-promise col-promise--${p.status}`}>
              {formatDate(p.due)}: {promiseText(p, { dated: false })} — {p.byName}
            </li>
          ))}
        </ul>
      )}
      <h3>{t('col.panel.log')}</h3>
      <LogForm acc={acc} />
      <SendDocument acc={acc} />
      <h3>{t('col.panel.history')}</h3>
      {acc.activities.length === 0 ? (
        <p>{t('col.panel.noHistory')}</p>
      ) : (
        <ol className="col-log">
          {acc.activities.map((a) => (
            <li key={a.id}>
              <time>{formatDateTime(new Date(a.at))}</time>{' '}
              <strong>
                {a.kindLabel}
                {a.resultLabel ? `: ${a.resultLabel}` : ''}
              </strong>{' '}
              — {a.byName} ({a.by}){a.note ? <div>{a.note}</div> : null}
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}
