/** The auditor's report of a campaign: Excel (exceljs) and PDF (the shared document table, server/pdf). */
import ExcelJS from 'exceljs';
import { formatDate, formatDateTime, formatMoney } from '../../src/domain/format';
import type { PdfPart } from '../../src/domain/document/pdf-document';
import type { DocSpec } from '../../src/domain/document/paginate';
import type { LetterJson, loadCampaign } from './campaigns';
import type { Money } from './money-view';
import { renderPdf } from '../pdf/render';
import { BABS_COLS, BABS_HEAD, babsCells, periodOf } from '../babs/report';

export const STATE_LABEL: Record<string, string> = {
  preparing: 'Hazırlanıyor',
  prepared: 'Hazır (gönderilmedi)',
  no_address: 'Adres yok',
  queued: 'Gönderilecek',
  sent: 'Gönderildi, yanıt yok',
  failed: 'Ulaşmadı',
  agreed: 'Mutabık',
  disagreed: 'Mutabık değil',
  cancelled: 'İptal',
};
const CHANNEL: Record<string, string> = { web: 'Web', email: 'E-posta', phone: 'Telefon', fax: 'Faks', kep: 'KEP', noter: 'Noter' };

const money = (list: readonly Money[] | null) =>
  (list ?? []).map((m) => `${formatMoney(Math.abs(m.balance))} ${m.currency}${m.side ? ` ${m.side}` : ''}`).join('; ');

function cells(l: LetterJson): string[] {
  const b = babsCells(l);
  return [
    l.accountId,
    l.accountName,
    STATE_LABEL[l.state] ?? l.state,
    l.to.join(', '),
    b?.ours ?? money(l.ours),
    b?.theirs ?? money(l.theirs),
    b?.difference ?? money(l.difference),
    l.answer ? `${l.answer.name}${l.answer.title ? `, ${l.answer.title}` : ''}` : '',
    l.answer ? formatDate(l.answer.date) : '',
    l.answer ? (CHANNEL[l.answer.channel] ?? l.answer.channel) : '',
    l.answer?.attachment?.fileName ?? '',
    l.resolved ? `Çözüldü: ${l.resolved.note}` : '',
    l.sentAt ? formatDateTime(new Date(l.sentAt)) : '',
  ];
}
const HEAD = ['Firma ID', 'Firma', 'Durum', 'E-posta', 'Bakiyemiz', 'Karşı taraf', 'Fark', 'Yanıtlayan', 'Yanıt tarihi', 'Kanal', 'Ek', 'Çözüm', 'Gönderildi'];

export async function reportXlsx(r: Awaited<ReturnType<typeof loadCampaign>>): Promise<Buffer> {
  const wb = new ExcelJS.Workbook();
  const ws = wb.addWorksheet('Mutabakat');
  ws.addRow([`${r.campaign.name} — ${periodOf(r.campaign)}; son yanıt ${formatDate(r.campaign.deadline)}`]);
  const c = r.campaign.counts;
  ws.addRow([
    `Toplam ${c.total}; gönderildi ${c.sent}; ulaşmadı ${c.failed}; mutabık ${c.agreed}; mutabık değil ${c.disagreed}; yanıt yok ${c.noAnswer}; bir ay doldu ${c.monthPassed}; adres yok ${c.noAddress}`,
  ]);
  ws.addRow([]);
  ws.addRow(r.campaign.kind === 'babs' ? BABS_HEAD : HEAD).font = { bold: true };
  for (const l of r.letters) ws.addRow(cells(l));
  ws.columns.forEach((col, i) => (col.width = [10, 36, 20, 30, 20, 20, 20, 24, 12, 10, 20, 30, 18][i] ?? 14));
  return Buffer.from(await wb.xlsx.writeBuffer());
}

export async function reportPdf(r: Awaited<ReturnType<typeof loadCampaign>>, companyTitle: string, now: Date): Promise<Buffer> {
  type Row = string[];
  const cols: [string, number][] = [
    ['Firma ID', 8],
    ['Firma', 24],
    ['Durum', 14],
    ['Bakiyemiz', 16],
    ['Karşı taraf', 16],
    ['Fark', 16],
    ['Yanıtlayan', 18],
    ['Tarih', 10],
    ['Kanal', 8],
  ];
  const pick = [0, 1, 2, 4, 5, 6, 7, 8, 9];
  const c = r.campaign.counts;
  const spec: DocSpec<Row> = {
    head: {
      company: companyTitle,
      title: `Mutabakat raporu: ${r.campaign.name}`,
      period: { from: r.campaign.kind === 'babs' ? `${r.campaign.asOf.slice(0, 7)}-01` : null, to: r.campaign.asOf },
    },
    intro: [
      `Toplam ${c.total}`,
      `Gönderildi ${c.sent}`,
      `Ulaşmadı ${c.failed}`,
      `Mutabık ${c.agreed}`,
      `Mutabık değil ${c.disagreed}`,
      `Yanıt yok ${c.noAnswer}`,
      `Bir ay doldu ${c.monthPassed}`,
    ],
    orientation: 'landscape',
    rows: r.letters.map((l) => {
      const all = cells(l);
      return pick.map((i) => all[i]!);
    }),
    columns: (r.campaign.kind === 'babs' ? BABS_COLS : cols).map(([header, chars], i) => ({
      id: `c${i}`,
      header,
      chars,
      wrap: true,
      text: (row: Row) => row[i] ?? '',
    })),
  } as DocSpec<Row>;
  return renderPdf([{ kind: 'table', spec } as unknown as PdfPart], `Mutabakat raporu ${r.campaign.name}`, formatDateTime(now));
}
