/** A collections mail's HTML: the template's text as paragraphs and the overdue figures per currency. Text only, no remote content. */
import { formatMoney } from '../../src/domain/format';
import type { ReminderOverdue } from '../db/schema';

const esc = (s: string) => s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

export function mailHtml(text: string, overdue: readonly ReminderOverdue[]): string {
  const paras = text
    .split(/\n{2,}/)
    .map((p) => `<p>${esc(p).replace(/\n/g, '<br>')}</p>`)
    .join('');
  const rows = overdue
    .map(
      (c) =>
        `<tr><td style="padding:4px 12px;border-bottom:1px solid #ddd">${esc(c.currency)}</td><td style="padding:4px 12px;border-bottom:1px solid #ddd;text-align:right">${esc(formatMoney(c.overdue))}</td><td style="padding:4px 12px;border-bottom:1px solid #ddd;text-align:right">${c.oldestDays}</td></tr>`,
    )
    .join('');
  const table = overdue.length
    ? `<table style="border-collapse:collapse;margin:12px 0"><thead><tr><th style="text-align:left;padding:4px 12px">Para birimi</th><th style="text-align:right;padding:4px 12px">Vadesi geçmiş</th><th style="text-align:right;padding:4px 12px">En eski (gün)</th></tr></thead><tbody>${rows}</tbody></table>`
    : '';
  return `<!doctype html><html lang="tr"><body style="font-family:Arial,sans-serif;font-size:14px;color:#222">${paras}${table}</body></html>`;
}
