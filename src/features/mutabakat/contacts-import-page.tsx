/** /mutabakat/kisiler — import mutabakat contacts from CSV or .xlsx: preview naming every rejected row and why, then all or nothing. */
import type { ImportRow } from '../../contract/contacts-import';
import { userMessageOf } from '../../domain/errors';
import { DataTable, type DataColumn } from '../../components/data-table';
import { PageHeader } from '../../components/layout/page-header';
import { t } from '../../i18n';
import { formatCount } from '../../domain/format';
import { useContactsImport } from './use-contacts-import';
import '../../components/mutabakat/mutabakat.css';

const COLUMNS: readonly DataColumn<ImportRow>[] = [
  { id: 'line', header: () => t('mut.import.col.line'), kind: 'number', width: '5rem', value: (r) => r.line },
  { id: 'accountId', header: () => t('mut.import.col.id'), width: '7rem', value: (r) => r.accountId },
  { id: 'name', header: () => t('mut.import.col.name'), value: (r) => r.accountName ?? '', wrap: true },
  { id: 'to', header: () => t('mut.import.col.to'), value: (r) => r.to.join(', '), wrap: true },
  { id: 'cc', header: () => t('mut.import.col.cc'), width: '12rem', value: (r) => r.cc.join(', ') },
  { id: 'person', header: () => t('mut.import.col.person'), width: '10rem', value: (r) => r.person },
  { id: 'result', header: () => t('mut.import.col.result'), value: (r) => (r.ok ? t('mut.import.ok') : (r.reason ?? '')), wrap: true },
];

export default function ContactsImportPage() {
  const im = useContactsImport();
  const r = im.result;
  const rejected = r?.rows.filter((row) => !row.ok) ?? [];
  const failure = im.preview.error ?? (im.commit.isError && !r ? im.commit.error : null);
  return (
    <div className="mut-import">
      <PageHeader title={t('mut.import.title')} />
      <p>{t('mut.import.intro')}</p>
      <div className="field">
        <label htmlFor="mut-import-file">{t('mut.import.file')}</label>
        <input
          id="mut-import-file"
          type="file"
          accept=".csv,.xlsx,text/csv,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"
          onChange={(e) => im.choose(e.target.files?.[0] ?? null)}
        />
      </div>
      {im.fileError && (
        <p className="form-error" role="alert">
          {im.fileError}
        </p>
      )}
      {im.preview.isPending && <p role="status">{t('mut.import.checking')}</p>}
      {failure && (
        <p className="form-error" role="alert">
          {userMessageOf(failure)}
        </p>
      )}
      {r && (
        <>
          <p role="status">{t('mut.import.summary', { file: r.fileName, accepted: formatCount(r.accepted), rejected: formatCount(r.rejected) })}</p>
          {rejected.length > 0 && (
            <div className="notice notice--warn mut-rejected" data-testid="import-rejected">
              <p>{t('mut.import.rejectedTitle', { count: formatCount(rejected.length) })}</p>
              <ul>
                {rejected.map((row) => (
                  <li key={row.line}>{t('mut.import.rejectedItem', { line: row.line, id: row.accountId, reason: row.reason ?? '' })}</li>
                ))}
              </ul>
              <p>{t('mut.import.blocked')}</p>
            </div>
          )}
          {r.saved ? (
            <p className="notice" role="status">
              {t('mut.import.saved', { count: formatCount(r.accepted) })}
            </p>
          ) : (
            <div className="mut-actions">
              <button
                type="button"
                className="button button--primary"
                onClick={im.save}
                disabled={rejected.length > 0 || r.accepted === 0 || im.commit.isPending}
              >
                {im.commit.isPending ? t('mut.import.committing') : t('mut.import.commit', { count: formatCount(r.accepted) })}
              </button>
            </div>
          )}
          {im.commit.isError && (
            <p className="form-error" role="alert">
              {userMessageOf(im.commit.error)}
            </p>
          )}
          <DataTable<ImportRow>
            data={r.rows}
            columns={COLUMNS}
            getRowId={(row) => String(row.line)}
            aria-label={t('mut.import.table')}
            rowClassName={(row) => (row.ok ? undefined : 'mut-row--rejected')}
            tableId="mutabakat.import"
            virtualize={false}
            maxHeight="28rem"
          />
        </>
      )}
    </div>
  );
}
