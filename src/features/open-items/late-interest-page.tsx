/**
 * /accounts/:cariId/vade-farki?asOf=&basis=&cur=&rate=&period=monthly|annual&vat=&side= — vade farkı
 * (late-payment interest) as a calculation sheet that supports an invoice: per item the days it
 * stayed unpaid past its due date (closed parts up to the day they were closed, open parts up to the
 * as-of date), amount × days × rate, KDV on it. Both sides (a supplier's vade farkı invoice can be
 * checked). src/domain/late-interest.ts over the open-item engine; exported (CSV, Excel) through the one
 * DataTable; printed and "PDF indir" as a document (late-interest-document.ts: our company, the
 * account, the date on every page, Σ vade farkı / Σ KDV carried from page to page, the totals once).
 */
import { useMemo, useState, type FormEvent } from 'react';
import { DataTable, type DataColumn } from '../../components/data-table';
import { ErrorState } from '../../components/feedback';
import { useDocumentTitle } from '../../components/layout/document-title';
import { t } from '../../i18n';
import { formatCount, formatDate, formatMoney } from '../../domain/format';
import { DEFAULT_RATE, DEFAULT_VAT_RATE, lateInterest, parseRateText, type RatePeriod, type ScheduleId } from '../../domain/late-interest';
import { isScheduleId } from '../../domain/interest-rates';
import type { Side } from '../../domain/ledger';
import { TlBasisNote, tlBasisText } from '../../components/statement/tl-basis-note';
import { LedgerControls, LedgerHead } from './ledger-controls';
import { lateInterestColumns, lateInterestDocument, type SheetRow } from './late-interest-document';
import { rateText, sheetRowsOf } from '../../domain/document/late-interest-document';
import { useCompanyTitle } from '../../api/session';
import { useColumnPrefs } from '../../components/data-table/column-prefs';
import { documentFileName, type DocumentHead } from '../../domain/document/document-head';
import { PdfButton } from '../../components/document/pdf-button';
import { useLedgerAccount } from './use-ledger-account';
import { AccountNotFound } from '../../components/statement/account-not-found';
import type { Minor } from '../../domain/types';
import './open-items.css';

/** "3", "3,5", "3.5" → 3.5; anything else ("1.000" is a thousand; outside 0–100) → null. */
export function parseRate(text: string | null): number | null {
  const r = parseRateText(text);
  return r.ok ? r.rate : null;
}

/** The Turkish message for a rate (or KDV rate) the field refuses, naming what was typed. */
function rateError(text: string, field: 'rate' | 'vat' = 'rate'): string {
  const r = parseRateText(text);
  if (r.ok) return '';
  const V = field === 'vat' ? 'Vat' : 'Rate';
  if (r.reason === 'thousands') return t(`ledger.lateInterest.bad${V}Thousands`, { text: text.trim() });
  if (r.reason === 'range') return t(`ledger.lateInterest.bad${V}Range`, { text: text.trim() });
  return field === 'vat' ? t('ledger.lateInterest.badVatText', { text: text.trim() }) : t('ledger.lateInterest.badRate');
}

type RateChoice = ScheduleId | 'fixed';

/** Under the Excel's Σ vade farkı: the KDV on the total and the grand total, as the page and the print state them. */
const vatRows = (r: { totalVat: Minor; total: Minor }, vat: number) => [
  { label: t('ledger.lateInterest.export.vat', { vat: rateText(vat) }), values: { interest: r.totalVat } },
  { label: t('ledger.lateInterest.export.total'), values: { interest: r.total } },
];

export default function LateInterestPage() {
  const { loading, missing, cariId, params, update, statement, lines, name, asOf, basis, currencies, currency, docKey, foreign } = useLedgerAccount();
  useDocumentTitle(name ? t('ledger.lateInterest.titleFor', { name }) : undefined);
  const period: RatePeriod = params.get('period') === 'monthly' ? 'monthly' : 'annual';
  const rateParam = params.get('rate');
  // A link names the schedule (?rate=kanuni, ?rate=ttk1530) or a fixed number; none = kanuni faiz.
  const urlRate: number | ScheduleId | null = rateParam === null || rateParam === '' ? DEFAULT_RATE : isScheduleId(rateParam) ? rateParam : parseRate(rateParam);
  const urlRateError = urlRate === null ? rateError(rateParam ?? '') : null;
  // A KDV rate in the link that cannot be read is named and nothing is computed (never a silent 20 %).
  const vatParam = params.get('vat');
  const urlVat = vatParam === null || vatParam === '' ? DEFAULT_VAT_RATE : parseRate(vatParam);
  const urlVatError = urlVat === null ? rateError(vatParam ?? '', 'vat') : null;
  const vat = urlVat ?? DEFAULT_VAT_RATE;
  const sideParam = params.get('side');
  const side: Side | undefined = sideParam === 'debit' || sideParam === 'credit' ? sideParam : undefined;
  const includeOpening = params.get('opening') === '1';

  const [draftKind, setDraftKind] = useState<RateChoice>(typeof urlRate === 'number' ? 'fixed' : (urlRate ?? 'fixed'));
  // A refused link rate stays in the box (the user sees what was refused); a schedule leaves it empty.
  const [draftRate, setDraftRate] = useState(typeof urlRate === 'number' ? rateText(urlRate) : urlRate === null ? (rateParam ?? '') : '');
  const [draftPeriod, setDraftPeriod] = useState<RatePeriod>(period);
  const [draftVat, setDraftVat] = useState(urlVat === null ? (vatParam ?? '') : rateText(vat));
  const [error, setError] = useState<string | null>(null);
  // A refused entry: the result on screen no longer describes what was typed — hidden until corrected.
  const shownError = error ?? urlRateError ?? urlVatError;
  const rate = shownError ? null : urlRate;

  // Every currency of the account, each on its own (never added): the table shows the chosen one.
  const all = useMemo(
    () =>
      lines && rate !== null
        ? currencies.map((c) => ({ currency: c, result: lateInterest(lines, { asOf, basis, currency: c, side, rate, period, vatRate: vat, includeOpening }) }))
        : [],
    [lines, currencies, asOf, basis, side, rate, period, vat, includeOpening],
  );
  const result = all.find((x) => x.currency === currency)?.result ?? null;
  const others = all.filter((x) => x.currency !== currency);
  const rows = useMemo<SheetRow[]>(
    () =>
      result && lines
        ? sheetRowsOf(result, lines, docKey)
        : [],
    [result, lines, docKey],
  );
  const cols = useMemo(() => lateInterestColumns(currency), [currency]);
  const company = useCompanyTitle();
  // The columns the table shows (the column chooser's choice): the print and the PDF show the same.
  const shownColumns = useColumnPrefs('lateInterest', cols).visible;

  const onApply = (e: FormEvent) => {
    e.preventDefault();
    const v = parseRate(draftVat);
    if (draftKind === 'fixed') {
      const r = parseRate(draftRate);
      if (r === null) return setError(rateError(draftRate));
      if (v === null) return setError(rateError(draftVat, 'vat'));
      setError(null);
      return update({ rate: String(r), period: draftPeriod, vat: String(v) });
    }
    if (v === null) return setError(rateError(draftVat, 'vat'));
    setError(null);
    update({ rate: draftKind, period: null, vat: String(v) });
  };
  const useLegal = () => {
    setDraftKind('kanuni');
    setError(null);
    update({ rate: 'kanuni', period: null });
  };
  const title = name ? t('ledger.lateInterest.titleFor', { name }) : t('ledger.lateInterest.title');
  const periodText = t(period === 'monthly' ? 'ledger.lateInterest.period.monthly' : 'ledger.lateInterest.period.annual');
  const rateLabel = rate === null ? '' : typeof rate === 'number' ? `%${rateText(rate)}` : t(`ledger.lateInterest.schedule.${rate}`);
  const summaryOf = (r: NonNullable<typeof result>, c: string) =>
    t(typeof rate === 'number' ? 'ledger.lateInterest.summary' : 'ledger.lateInterest.summarySchedule', {
      rate: rateLabel,
      period: periodText,
      interest: `${formatMoney(r.totalInterest)} ${c}`,
      vat: rateText(vat),
      vatAmount: `${formatMoney(r.totalVat)} ${c}`,
      total: `${formatMoney(r.total)} ${c}`,
    });
  const documentHead: DocumentHead = { company, title: t('doc.title.lateInterest'), short: t('doc.short.lateInterest'), account: { id: cariId, name: name ?? cariId }, asOf };
  const docSpec = (view: readonly SheetRow[], viewColumns: readonly DataColumn<SheetRow>[]) =>
    lateInterestDocument({ ...documentHead, madeAt: new Date() }, viewColumns, view, {
      side: t(result!.side === 'debit' ? 'ledger.side.debit' : 'ledger.side.credit'),
      rate: rateLabel,
      period: typeof rate === 'number' ? periodText : t('ledger.lateInterest.period.annual'),
      vat: rateText(vat),
      currency,
      totalInterest: result!.totalInterest,
      totalVat: result!.totalVat,
      notes: docNotes(result!),
    });
  const notesOf = (r: NonNullable<typeof result>): string[] => {
    const notes: string[] = [];
    if (r.openingLeftOut.count > 0) notes.push(t('ledger.lateInterest.opening', { count: formatCount(r.openingLeftOut.count), amount: `${formatMoney(r.openingLeftOut.amount)} ${currency}` }));
    if (r.unratedDays > 0) notes.push(t('ledger.lateInterest.unrated', { days: formatCount(r.unratedDays) }));
    if (r.minCollectionCosts.length > 0)
      notes.push(t('ledger.lateInterest.minCost', { costs: r.minCollectionCosts.map((m) => `${m.year}: ${formatMoney(m.amount)} TL${m.unconfirmed ? ` ${t('ledger.lateInterest.unconfirmed')}` : ''}`).join(', ') }));
    return notes;
  };
  // The account's other currencies, each on its own (never added): on the screen and on paper.
  const othersText = (): string | null =>
    others.length > 0
      ? t('ledger.lateInterest.otherCurrencies', {
          list: others.map((o) => `${o.currency}: ${formatMoney(o.result.totalInterest)} + KDV ${formatMoney(o.result.totalVat)} = ${formatMoney(o.result.total)} ${o.currency}`).join(' · '),
        })
      : null;
  const docNotes = (r: NonNullable<typeof result>): string[] => {
    const extra = [othersText(), tlBasisText('own', foreign)].filter((x): x is string => !!x);
    return [...notesOf(r), ...extra];
  };

  if (missing) return <AccountNotFound cariId={cariId} />;
  return (
    <div className="ledger-page">
      <LedgerHead cariId={cariId} title={title} subtitle={t('ledger.lateInterest.subtitle', { date: formatDate(asOf) })}>
        <PdfButton
          disabled={!result || rate === null}
          parts={() => [{ kind: 'table', spec: docSpec(rows, shownColumns) as never }]}
          fileName={() => documentFileName({ ...documentHead, madeAt: new Date() }, 'pdf')}
          title={t('doc.title.lateInterest')}
        />
      </LedgerHead>
      <LedgerControls asOf={asOf} basis={basis} currency={currency} currencies={currencies} update={update}>
        <div className="field">
          <label htmlFor="li-side">{t('ledger.lateInterest.side')}</label>
          <select id="li-side" value={side ?? ''} onChange={(e) => update({ side: e.target.value || null })}>
            <option value="">{t('ledger.lateInterest.side.auto')}</option>
            <option value="debit">{t('ledger.lateInterest.side.debit')}</option>
            <option value="credit">{t('ledger.lateInterest.side.credit')}</option>
          </select>
        </div>
      </LedgerControls>
      <form className="ledger-controls no-print" onSubmit={onApply} noValidate>
        <div className="field">
          <label htmlFor="li-kind">{t('ledger.lateInterest.rateKind')}</label>
          <select id="li-kind" value={draftKind} onChange={(e) => setDraftKind(isScheduleId(e.target.value) ? e.target.value : 'fixed')}>
            <option value="kanuni">{t('ledger.lateInterest.rateKind.kanuni')}</option>
            <option value="ttk1530">{t('ledger.lateInterest.rateKind.ttk1530')}</option>
            <option value="fixed">{t('ledger.lateInterest.rateKind.fixed')}</option>
          </select>
        </div>
        {draftKind === 'fixed' && (
          <>
            <div className="field">
              <label htmlFor="li-rate">{t('ledger.lateInterest.rate')}</label>
              <input
                id="li-rate"
                type="text"
                inputMode="decimal"
                value={draftRate}
                onChange={(e) => setDraftRate(e.target.value)}
                aria-describedby="li-legal"
                aria-invalid={shownError ? true : undefined}
              />
            </div>
            <div className="field">
              <label htmlFor="li-period">{t('ledger.lateInterest.period')}</label>
              <select id="li-period" value={draftPeriod} onChange={(e) => setDraftPeriod(e.target.value === 'monthly' ? 'monthly' : 'annual')}>
                <option value="monthly">{t('ledger.lateInterest.period.monthly')}</option>
                <option value="annual">{t('ledger.lateInterest.period.annual')}</option>
              </select>
            </div>
          </>
        )}
        <div className="field">
          <label htmlFor="li-vat">{t('ledger.lateInterest.vat')}</label>
          <input id="li-vat" type="text" inputMode="decimal" value={draftVat} onChange={(e) => setDraftVat(e.target.value)} />
        </div>
        <label className="ledger-check">
          <input type="checkbox" checked={includeOpening} onChange={(e) => update({ opening: e.target.checked ? '1' : null })} /> {t('ledger.lateInterest.includeOpening')}
        </label>
        <button type="submit" className="button button--primary">
          {t('ledger.lateInterest.apply')}
        </button>
        <button type="button" className="button" onClick={useLegal}>
          {t('ledger.lateInterest.useLegal')}
        </button>
      </form>
      <p id="li-legal" className="ledger-legal">
        {t('ledger.lateInterest.legal')}
      </p>
      {shownError && (
        <p className="notice notice--warn" role="alert">
          {shownError} {t('ledger.lateInterest.stale')}
        </p>
      )}
      {statement.isError && <ErrorState title={t('ledger.error.title')} error={statement.error} onRetry={() => void statement.refetch()} />}
      {result && rate !== null && (
        <>
          <p className="notice" data-testid="late-interest-side">
            {t(result.side === 'debit' ? 'ledger.side.debit' : 'ledger.side.credit')}
          </p>
          <TlBasisNote basis="own" foreign={foreign} />
          {result.undatedSteps > 0 && <p className="notice notice--warn">{t('ledger.lateInterest.undated', { count: formatCount(result.undatedSteps) })}</p>}
          {notesOf(result).map((note) => (
            <p key={note} className="notice" data-testid="late-interest-note">
              {note}
            </p>
          ))}
          {includeOpening && <p className="notice">{t('ledger.lateInterest.openingIncluded')}</p>}
          <p className="ledger-facts" data-testid="late-interest-summary">
            {summaryOf(result, currency)} · {t('ledger.lateInterest.vatOnTotal')}
          </p>
          {others.length > 0 && (
            <p className="ledger-facts" data-testid="late-interest-others">
              {othersText()}
            </p>
          )}
        </>
      )}
      <DataTable<SheetRow>
        data={rate === null ? [] : rows}
        columns={cols}
        getRowId={(r) => r.key}
        aria-label={t('ledger.lateInterest.table')}
        loading={loading}
        error={statement.error ?? undefined}
        onRetry={() => void statement.refetch()}
        emptyMessage={rate === null ? t('ledger.lateInterest.stale') : t('ledger.lateInterest.empty')}
        csvFileName={`${t('ledger.lateInterest.file')}-${cariId}-${asOf}`}
        tableId="lateInterest"
        printDocument={result && rate !== null ? (view) => docSpec(view.rows, view.columns) : undefined}
        sheetName={`${t('ledger.lateInterest.title')} ${cariId}`}
        exportTotals={result ? { interest: result.totalInterest } : undefined}
        exportTotalsRows={result && rate !== null ? vatRows(result, vat) : undefined}
        totalsRow={
          result
            ? {
                date: t('ledger.lateInterest.totals'),
                interest: <span data-testid="late-interest-total">{formatMoney(result.totalInterest)}</span>,
              }
            : undefined
        }
      />
    </div>
  );
}
