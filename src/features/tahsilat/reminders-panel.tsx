/** /tahsilat/hatirlatmalar — the day's reminder proposals: review, choose, send in bulk through the outbox. */
import { useState } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Link } from 'react-router-dom';
import { proposeReminders, sendReminders, tahsilatQueries, type Proposal } from '../../api/tahsilat';
import { DataTable, type DataColumn } from '../../components/data-table';
import { PageHeader } from '../../components/layout/page-header';
import { t, type MessageKey } from '../../i18n';
import { formatMoneyPerCurrency } from '../../domain/format';
import './tahsilat.css';

export function RemindersPanel() {
  const qc = useQueryClient();
  const q = useQuery(tahsilatQueries.reminders());
  const [chosen, setChosen] = useState<Set<string> | null>(null);
  const [message, setMessage] = useState<string | null>(null);
  const rows = q.data?.reminders ?? [];
  const sendable = rows.filter((r) => r.state === 'proposed');
  const picked = chosen ?? new Set(sendable.map((r) => r.id));
  const columns: DataColumn<Proposal>[] = [
    {
      id: 'pick',
      header: () => '',
      width: '3rem',
      value: () => null,
      sortable: false,
      printable: false,
      cell: (r) =>
        r.state === 'proposed' ? (
          <input
            type="checkbox"
            aria-label={`${r.name} seç`}
            checked={picked.has(r.id)}
            onChange={(e) => {
              const n = new Set(picked);
              if (e.target.checked) n.add(r.id);
              else n.delete(r.id);
              setChosen(n);
            }}
          />
        ) : null,
    },
    {
      id: 'name',
      header: () => t('col.c.name'),
      value: (r) => r.name || r.accountId,
      primary: true,
      href: (r) => `/tahsilat?musteri=${encodeURIComponent(r.accountId)}`,
      wrap: true,
    },
    { id: 'level', header: () => t('col.rem.level'), kind: 'number', width: '5rem', value: (r) => r.level },
    {
      id: 'overdue',
      header: () => t('col.c.overdue'),
      width: '14rem',
      align: 'end',
      value: (r) => formatMoneyPerCurrency(r.overdue.map((c) => ({ minor: c.overdue, currency: c.currency }))),
      wrap: true,
    },
    { id: 'oldest', header: () => t('col.c.oldest'), kind: 'number', width: '6rem', value: (r) => Math.max(...r.overdue.map((c) => c.oldestDays)) },
    { id: 'to', header: () => t('col.rem.to'), width: '17rem', value: (r) => r.to.join(', '), wrap: true },
    { id: 'state', header: () => 'Durum', width: '14rem', value: (r) => t(`col.rem.state.${r.state}` as MessageKey), wrap: true },
  ];
  const run = async (fn: () => Promise<unknown>) => {
    setMessage(null);
    try {
      await fn();
    } catch (e) {
      setMessage(e && typeof e === 'object' && 'userMessage' in e ? String((e as { userMessage: string }).userMessage) : 'İşlem yapılamadı.');
    }
    setChosen(null);
    void qc.invalidateQueries({ queryKey: ['tahsilat'] });
  };
  return (
    <div className="col-page">
      <PageHeader title={t('col.rem.title')}>
        <Link className="button button--small" to="/tahsilat">
          {t('col.title')}
        </Link>
        <Link className="button button--small" to="/mutabakat/giden-kutusu">
          {t('mut.campaigns.outbox')}
        </Link>
        <Link className="button button--small" to="/tahsilat/ayarlar">
          {t('col.set.link')}
        </Link>
        <button type="button" className="button button--small" onClick={() => void run(() => proposeReminders())}>
          {t('col.rem.propose')}
        </button>
        <button
          type="button"
          className="button"
          disabled={picked.size === 0}
          onClick={() =>
            void run(async () => {
              const r = await sendReminders([...picked]);
              setMessage(t('col.rem.result', { queued: r.queued, skipped: r.skipped.length }));
            })
          }
        >
          {t('col.rem.send', { n: picked.size })}
        </button>
      </PageHeader>
      {message && (
        <p role="status" className="notice">
          {message}
        </p>
      )}
      <DataTable<Proposal>
        data={rows}
        columns={columns}
        getRowId={(r) => r.id}
        aria-label={t('col.rem.title')}
        loading={q.isPending}
        error={q.error ?? undefined}
        onRetry={() => void q.refetch()}
        emptyMessage={t('col.rem.empty')}
        csvFileName="Hatırlatma önerileri"
        tableId="tahsilat.reminders"
        maxHeight="viewport"
      />
    </div>
  );
}

export default RemindersPanel;
