/**
 * /babs?ay=2026-10&form=bs|ba&sinir=5000&hepsi=1&cari=<key> — the month's Form Ba / Bs lines from
 * get_fatura (every invoice, KDV-hariç amounts): per counterparty the document count and KDV-hariç
 * total, reportable at ≥ the threshold; a row opens the documents behind its figure; documents that
 * could not be placed are listed with why. Export (unvan, VKN/TCKN, belge sayısı, KDV hariç tutar)
 * and print through the DataTable.
 */
import { useMemo, useState, type FormEvent } from 'react';
import { useCompanyTitle } from '../../api/session';
import { DataTable } from '../../components/data-table';
import { PageHeader } from '../../components/layout/page-header';
import { TextField } from '../../components/form/text-field';
import { t } from '../../i18n';
import type { BabsForm } from '../../domain/babs/classify';
import { monthName, monthText, parseMonth } from '../../domain/babs/month';
import { DEFAULT_THRESHOLD, THRESHOLD_SOURCE, parseThreshold } from '../../domain/babs/threshold';
import { formatCount } from '../../domain/format';
import { useUrlParams, withParams } from '../../lib/search-params';
import { useToday } from '../../lib/use-today';
import { useBabs } from './use-babs';
import { babsRows, type BabsRow } from './babs-rows';
import { BABS_COLUMNS } from './babs-columns';
import { BabsDocuments, BabsUnclassified } from './babs-documents';
import { useTaxIds } from './use-tax-ids';
import { BabsCampaignStart, BabsCampaignStartButton } from '../../components/mutabakat/babs-campaign-start';
import './babs.css';

export default function BabsPage() {
  const [params, setParams] = useUrlParams();
  const today = useToday();
  const company = useCompanyTitle();
  const monthParam = params.get('ay');
  const month = useMemo(() => parseMonth(monthParam, today), [monthParam, today]);
  const thresholdText = params.get('sinir');
  const threshold = useMemo(
    () => (thresholdText === null ? ({ ok: true, minor: DEFAULT_THRESHOLD } as const) : parseThreshold(thresholdText)),
    [thresholdText],
  );
  const form: BabsForm = params.get('form') === 'ba' ? 'ba' : 'bs';
  const showAll = params.get('hepsi') === '1';
  const open = params.get('cari');
  const [draftMonth, setDraftMonth] = useState(month.ok ? monthText(month.month) : (params.get('ay') ?? ''));
  const [draftThreshold, setDraftThreshold] = useState(thresholdText ?? '5000');

  const { query, result } = useBabs(month.ok ? month.month : null, threshold.ok ? threshold.minor : null);
  const taxIds = useTaxIds();
  const rows = useMemo(() => (result ? babsRows(result, form, (l) => taxIds.of(l.accountId), showAll) : []), [result, form, taxIds, showAll]);
  const openLine = result?.lines.find((l) => l.key === open) ?? null;

  const set = (patch: Record<string, string | null>) => setParams((prev) => withParams(prev, patch), { replace: false });
  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    // The URL keeps the month as 2026-10 whichever way it was typed ("10.2026", "Ekim 2026"); a text that is no month
    // stays, to be refused in words; an empty field leaves the URL without one (the last full month).
    const text = draftMonth.trim();
    const typed = parseMonth(text, today);
    const ay = text === '' ? null : typed.ok ? typed.month : text;
    set({ ay, sinir: draftThreshold.trim() === '5000' ? null : draftThreshold.trim(), cari: null });
  };

  const reportable = (f: BabsForm) => result?.lines.filter((l) => l[f].reportable).length ?? 0;
  const missing = result ? result.lines.filter((l) => (l.bs.reportable || l.ba.reportable) && !taxIds.of(l.accountId)).length : 0;
  const title = month.ok ? `${t('babs.title')} · ${monthName(month.month)} · ${form === 'bs' ? t('babs.form.bs') : t('babs.form.ba')}` : t('babs.title');

  return (
    <div className="babs-page">
      <PageHeader title={t('babs.title')}>{month.ok && threshold.ok && <BabsCampaignStartButton />}</PageHeader>
      <form className="babs-controls no-print" onSubmit={onSubmit}>
        <TextField
          id="babs-month"
          label={t('babs.month')}
          value={draftMonth}
          onValueChange={setDraftMonth}
          placeholder={month.ok ? monthText(month.month) : '10.2026'}
          error={!month.ok ? month.message : undefined}
          autoComplete="off"
        />
        <TextField
          id="babs-threshold"
          label={t('babs.threshold')}
          value={draftThreshold}
          onValueChange={setDraftThreshold}
          error={!threshold.ok ? threshold.message : undefined}
          autoComplete="off"
        />
        <button type="submit" className="button button--primary">
          {t('babs.apply')}
        </button>
      </form>
      <p className="babs-note">{t('babs.source', { source: THRESHOLD_SOURCE })}</p>
      <p className="babs-note no-print">{t('babs.paperNote')}</p>
      {!month.ok || !threshold.ok ? (
        <p className="notice notice--error" role="alert">
          {!month.ok ? month.message : !threshold.ok ? threshold.message : ''}
        </p>
      ) : (
        <>
          <div className="babs-tabs no-print" role="group" aria-label={t('babs.form.label')}>
            {(['bs', 'ba'] as const).map((f) => (
              <button
                key={f}
                type="button"
                className={`button${form === f ? ' button--primary' : ''}`}
                aria-pressed={form === f}
                onClick={() => set({ form: f === 'bs' ? null : f, cari: null })}
              >
                {f === 'bs' ? t('babs.form.bs') : t('babs.form.ba')}
              </button>
            ))}
            <label className="babs-all">
              <input type="checkbox" checked={showAll} onChange={(e) => set({ hepsi: e.target.checked ? '1' : null })} /> {t('babs.showAll')}
            </label>
          </div>
          {result && (
            <BabsCampaignStart month={result.month} threshold={result.threshold} lines={result.lines} showAll={showAll} today={today} taxIdOf={taxIds.of} />
          )}
          {result && (
            <p className="babs-summary" role="status">
              {t('babs.summary', {
                month: monthName(result.month),
                documents: formatCount(result.documents),
                bs: formatCount(reportable('bs')),
                ba: formatCount(reportable('ba')),
                missing: formatCount(missing),
              })}
            </p>
          )}
          <DataTable<BabsRow>
            data={rows}
            columns={BABS_COLUMNS}
            getRowId={(r) => r.key}
            aria-label={t('babs.table.label')}
            loading={query.isPending}
            error={query.isError ? query.error : undefined}
            onRetry={() => void query.refetch()}
            emptyMessage={t('babs.empty')}
            csvFileName={`${t('babs.csv.file')}-${form}-${month.month}`}
            sheetName={title}
            documentHead={{ company, title, short: `${form === 'bs' ? 'Bs' : 'Ba'} ${month.month}`, period: { from: month.from, to: month.to } }}
            tableId="babs"
            onRowOpen={(r) => set({ cari: r.key })}
          />
          {openLine && <BabsDocuments line={openLine} form={form} onClose={() => set({ cari: null })} />}
          {result && result.unclassified.length > 0 && <BabsUnclassified items={result.unclassified} />}
        </>
      )}
    </div>
  );
}
