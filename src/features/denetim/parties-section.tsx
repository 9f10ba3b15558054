/**
 * Addresses under the auditor's control (BDS 505 ¶7 (b)): each confirming party's address proposed from
 * the company's records with where it came from and the flags that call for a second look; a row opens
 * its panel (?taraf=), where the auditor approves the address or gives another, with the VKN/TCKN the
 * reply page will ask for. Once its letter is sent, a party is locked.
 */
import { useId, useState } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { approveParty, denetimQueries, type Party } from '../../api/denetim';
import { DataTable, type DataColumn } from '../../components/data-table';
import { FLAG_TEXT, type AddressFlag } from '../../domain/audit/address-flags';
import { userMessageOf } from '../../domain/errors';
import { formatDateTime, formatMoney } from '../../domain/format';
import { useUrlParams, withParams } from '../../lib/search-params';
import { t } from '../../i18n';

const balanceText = (p: Party) => p.balances.map((b) => `${formatMoney(Math.abs(b.balance))} ${b.currency} ${b.balance > 0 ? 'B' : 'A'}`).join('; ');
const flagText = (f: string) => FLAG_TEXT[f as AddressFlag] ?? f;
const statusText = (p: Party) =>
  p.letterId ? t('den.parties.locked') : p.approvedAt ? `${t('den.parties.approved')}: ${p.address}` : t('den.parties.waiting');

const COLUMNS: readonly DataColumn<Party>[] = [
  {
    id: 'account',
    header: () => t('den.col.account'),
    value: (p) => `${p.accountName} (${p.accountId})`,
    primary: true,
    href: (p) => `?bolum=adresler&taraf=${p.accountId}`,
    wrap: true,
  },
  { id: 'balance', header: () => t('den.col.balance'), value: balanceText, width: '11rem', align: 'end' },
  { id: 'proposed', header: () => t('den.col.address'), value: (p) => p.proposed || '—', width: '15rem' },
  {
    id: 'flags',
    header: () => t('den.col.flags'),
    value: (p) => p.flags.map(flagText).join(' '),
    cell: (p) =>
      p.flags.map((f) => (
        <span key={f} className={`den-flag${f === 'malformed' ? ' den-flag--bad' : ''}`} title={flagText(f)}>
          {t(`den.flag.${f as AddressFlag}`)}
        </span>
      )),
    width: '13rem',
  },
  { id: 'status', header: () => t('den.col.approval'), value: statusText, width: '17rem' },
];

function PartyPanel({ p, onClose }: { p: Party; onClose: () => void }) {
  const id = useId();
  const client = useQueryClient();
  const [address, setAddress] = useState(p.address ?? p.proposed);
  const [taxId, setTaxId] = useState(p.taxId);
  const approve = useMutation({
    mutationFn: () =>
      approveParty(p.accountId, { ...(address.trim() !== p.proposed ? { address: address.trim() } : {}), ...(taxId.trim() ? { taxId: taxId.trim() } : {}) }),
    onSuccess: () => void client.invalidateQueries({ queryKey: ['denetci', 'parties'] }),
  });
  return (
    <aside className="den-panel" aria-labelledby={`${id}-h`}>
      <div className="mut-actions">
        <h2 id={`${id}-h`}>{t('den.panel.title', { name: p.accountName, id: p.accountId })}</h2>
        <button type="button" className="button button--small" onClick={onClose}>
          {t('den.panel.close')}
        </button>
      </div>
      <p>{t('den.parties.proposed', { address: p.proposed || '—' })}</p>
      <p className="mut-hint">{p.source}</p>
      {p.flags.length > 0 && (
        <ul>
          {p.flags.map((f) => (
            <li key={f} className="den-bad">
              {flagText(f)}
            </li>
          ))}
        </ul>
      )}
      {p.approvedAt && (
        <p className="den-ok">
          {t('den.parties.approvedBy', { address: p.address ?? '', by: p.approvedBy ?? '', at: formatDateTime(new Date(p.approvedAt)) })}
        </p>
      )}
      {p.letterId ? (
        <p>{t('den.parties.locked')}</p>
      ) : (
        <form
          className="den-form"
          noValidate
          onSubmit={(e) => {
            e.preventDefault();
            approve.mutate();
          }}
        >
          <label htmlFor={`${id}-a`}>{t('den.parties.address')}</label>
          <input id={`${id}-a`} type="text" inputMode="email" value={address} onChange={(e) => setAddress(e.target.value)} />
          <label htmlFor={`${id}-v`}>{t('den.col.taxId')}</label>
          <input id={`${id}-v`} type="text" inputMode="numeric" value={taxId} onChange={(e) => setTaxId(e.target.value)} />
          {approve.error && (
            <p className="field__error" role="alert">
              {userMessageOf(approve.error)}
            </p>
          )}
          <button type="submit" className="button button--primary" disabled={approve.isPending}>
            {address.trim() !== p.proposed ? t('den.parties.approveOther') : t('den.parties.approve')}
          </button>
        </form>
      )}
    </aside>
  );
}

export function PartiesSection() {
  const [params, setParams] = useUrlParams();
  const q = useQuery(denetimQueries.parties());
  const list = q.data ?? [];
  const open = list.find((p) => p.accountId === params.get('taraf')) ?? null;
  return (
    <div className={open ? 'den-layout' : undefined}>
      <section className="mut-section">
        <h2>{t('den.parties.title')}</h2>
        <p className="mut-hint">{t('den.parties.intro')}</p>
        {q.data && list.length > 0 && <p role="status">{t('den.parties.count', { approved: list.filter((p) => p.approvedAt).length, total: list.length })}</p>}
        <DataTable<Party>
          data={list}
          columns={COLUMNS}
          getRowId={(p) => p.accountId}
          aria-label={t('den.parties.title')}
          loading={q.isPending}
          error={q.error ?? undefined}
          onRetry={() => void q.refetch()}
          onRowOpen={(p) => setParams((x) => withParams(x, { taraf: p.accountId }))}
          rowClassName={(p) => (p.accountId === open?.accountId ? 'mut-row--selected' : undefined)}
          emptyMessage={t('den.parties.empty')}
          tableId="denetim.parties"
        />
      </section>
      {open && <PartyPanel key={`${open.accountId}-${open.approvedAt ?? ''}`} p={open} onClose={() => setParams((x) => withParams(x, { taraf: null }))} />}
    </div>
  );
}
