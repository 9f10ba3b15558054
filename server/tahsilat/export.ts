/** The worklist as Excel (the rows of the view shown, in its order): figures as numbers, dates as dates. */
import ExcelJS from 'exceljs';
import { formatDate } from '../../src/lib/format';
import type { WorkRow } from './worklist';
import { FLAGS } from './store';

const PROMISE_WORDS = { pending: 'Bekliyor', kept: 'Tutuldu', partial: 'Kısmen tutuldu', broken: 'Tutulmadı', unknown: 'Bilinmiyor' } as const;

export async function worklistXlsx(rows: readonly WorkRow[], today: string, company: string): Promise<ArrayBuffer> {
  const wb = new ExcelJS.Workbook();
  const ws = wb.addWorksheet('Tahsilat');
  ws.addRow([company, `Tahsilat listesi ${formatDate(today)}`]);
  ws.addRow(['Cari ID', 'Müşteri', 'Para birimi', 'Vadesi geçmiş', 'En eski (gün)', 'Sorumlu', 'Sonraki adım', 'Tarih', 'Söz', 'Söz tutarı', 'Hatırlatma seviyesi', 'İşaretler']);
  for (const r of rows) {
    const lines = r.overdue.length ? r.overdue : [null];
    for (const c of lines) {
      ws.addRow([
        r.accountId, r.name, c?.currency ?? '', c ? c.overdue / 100 : null, c?.oldestDays ?? null, r.owner ?? '', r.nextAction,
        r.nextActionDate ? new Date(`${r.nextActionDate}T00:00:00Z`) : null, r.promise ? PROMISE_WORDS[r.promise.status] : '', r.promise ? r.promise.amount / 100 : null,
        r.reminderLevel, r.flags.map((f) => FLAGS[f as keyof typeof FLAGS] ?? f).join(', '),
      ]);
    }
  }
  ws.getColumn(4).numFmt = '#,##0.00';
  ws.getColumn(10).numFmt = '#,##0.00';
  ws.getColumn(8).numFmt = 'dd.mm.yyyy';
  return (await wb.xlsx.writeBuffer()) as ArrayBuffer;
}
