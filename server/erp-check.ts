/**
 * `npm run erp:check` (server/erp-check-cli.ts): what the app understands of a real Workcube.
 * Calls each read operation once with harmless parameters (through the gateway's own upstream
 * client, so the URL, body form and error messages are the gateway's) and reports, per operation:
 * HTTP status, time, bytes, the answer's shape, each key with the field it was mapped to (or "not
 * understood"), a sample row as the app shows it (tr-TR, src/domain/format), warnings, and an
 * ERP_ALIASES_FILE snippet for the keys not understood. Every answer is read by THE reader
 * (src/domain/reader) — this file only describes what the reader made of it.
 *
 * The API password is never printed (it is only in the URL, which is never printed; the output is
 * also scrubbed of it). `ok` is false when an operation failed or lacks a field a page needs.
 */
import { performance } from 'node:perf_hooks';
import { AppError } from '../src/domain/errors';
import {
  FIELD_KINDS,
  answerShape,
  extendAliases,
  hasLabel,
  parseErpBody,
  readInvoiceDetail,
  readLogin,
  readTableAnswer,
  resetAliases,
  type RecordKind,
} from '../src/domain/reader';
import type { Cell, ErpColumn, ErpTable } from '../src/domain/erp-types';
import { t, type MessageKey } from '../src/i18n';
import { formatCount, formatDate, formatMoney, formatNumber } from '../src/domain/format';
import { normalizeCurrency } from '../src/domain/currency';
import { ERP_OPERATIONS, LOGIN_OPERATION, LOGIN_PARAMS } from '../src/contract/erp';
import { GatewayError } from './gateway/messages';
import { callErp, defaultDispatcher, fetchTransport, type UpstreamOptions } from './gateway/upstream';
import type { ErpBodyMode } from './gateway/erp-body';

export interface ErpCheckOptions {
  baseUrl: string;
  apiPassword: string;
  service: string;
  body?: ErpBodyMode;
  timeoutMs?: number;
  /** The operator's alias table (ERP_ALIASES_FILE), as the app would merge it. */
  aliases?: Record<string, unknown>;
  /** get_user is called only with both. */
  userName?: string;
  userPassword?: string;
  /** An in-process ERP instead of the network (tests). */
  fetch?: typeof fetch;
}

export interface ErpCheckResult {
  ok: boolean;
  text: string;
}

/** The fields each page cannot do without (a missing one fails the check). */
const NEEDED: Record<string, { record: RecordKind; fields: string[]; page: string }> = {
  get_cari: { record: 'account', fields: ['id', 'name', 'balance'], page: 'Cariler' },
  get_cari_extre: { record: 'statementLine', fields: ['date', 'debit', 'credit'], page: 'Ekstre' },
  get_yaslandirma: { record: 'aging', fields: ['company'], page: 'Yaşlandırma' },
  get_fatura: { record: 'invoice', fields: ['id', 'number'], page: 'Fatura arama' },
};
const NEEDED_LINES = { fields: ['productName'], oneOf: ['amount', 'netAmount'] };

const KIND_TEXT: Record<ErpColumn['kind'], string> = { text: 'metin', money: 'tutar', number: 'sayı', date: 'tarih' };

/** The Turkish meaning of a field (the app's own label), else its name. */
function meaning(record: RecordKind, field: string): string {
  return (t(`common.field.${record}.${field}` as MessageKey) as string | undefined) ?? field;
}

/** A cell as the app shows it (tr-TR through src/domain/format). */
function shown(cell: Cell | undefined, kind: ErpColumn['kind']): string {
  if (!cell || cell.kind === 'empty') return '–';
  switch (cell.kind) {
    case 'text':
      return cell.text;
    case 'date':
      return formatDate(cell.iso);
    case 'number':
      return kind === 'money' ? formatMoney(cell.minor) : kind === 'text' ? cell.raw : formatNumber(cell.value);
    case 'invalid':
      return `⚠ ${cell.raw} (okunamadı)`;
  }
}

const quote = (key: string) => JSON.stringify(key);
const pad = (s: string, n: number) => s + ' '.repeat(Math.max(1, n - [...s].length));

interface Section {
  lines: string[];
  failed: boolean;
}

/** What the reader made of one table: keys → fields, sample row, warnings, snippet. */
function describeTable(
  table: ErpTable,
  record: RecordKind,
  needed: { fields: string[]; oneOf?: string[] },
  indent: string,
  out: Section,
  title?: string,
): void {
  const { lines } = out;
  if (title) lines.push(`${indent}${title}`);
  const width = Math.min(34, Math.max(...table.columns.map((c) => [...quote(c.key)].length), 8) + 2);
  const notUnderstood: string[] = [];
  lines.push(`${indent}anahtarlar:`);
  for (const c of table.columns) {
    let what: string;
    if (c.field) what = `${c.field}: ${meaning(record, c.field)} (${KIND_TEXT[c.kind]})`;
    else if (hasLabel(c.key)) what = `ek sütun "${c.label}" (${KIND_TEXT[c.kind]})`;
    else {
      what = `anlaşılmadı — "${c.label}" başlıklı ek sütun (${KIND_TEXT[c.kind]})`;
      notUnderstood.push(c.key);
    }
    lines.push(`${indent}  ${pad(quote(c.key), width)}→ ${what}`);
  }
  const present = new Set(table.columns.map((c) => c.field).filter(Boolean));
  const missing = needed.fields.filter((f) => !present.has(f));
  if (needed.oneOf && !needed.oneOf.some((f) => present.has(f))) missing.push(needed.oneOf.join(' | '));
  if (table.rows.length > 0) {
    const row = table.rows[0]!;
    // A currency as the app shows it: one code (Workcube's old "YTL" is TL).
    const value = (c: ErpColumn) =>
      c.field === 'currency' ? (normalizeCurrency(shown(row[c.key], c.kind).replace('–', '')) ?? '–') : shown(row[c.key], c.kind);
    lines.push(`${indent}örnek satır: ${table.columns.map((c) => `${c.label} ${value(c)}`).join(' · ')}`);
  }
  // Warnings: values the reader could not read, per column.
  const warnings: string[] = [];
  if (table.rows.length === 0) warnings.push('boş yanıt (0 satır): alanlar denetlenemedi');
  for (const c of table.columns) {
    let ambiguous = 0;
    let badDates = 0;
    let badNumbers = 0;
    let example = '';
    for (const row of table.rows) {
      const cell = row[c.key];
      if (cell?.kind !== 'invalid') continue;
      example ||= cell.raw;
      if (cell.ambiguous) ambiguous++;
      else if (cell.expected === 'date') badDates++;
      else badNumbers++;
    }
    if (ambiguous) warnings.push(`"${c.key}": ${formatCount(ambiguous)} değerde ondalık işareti belirsiz (ör. "${example}"): ham gösterilir`);
    if (badDates) warnings.push(`"${c.key}": ${formatCount(badDates)} tarih okunamadı (ör. "${example}")`);
    if (badNumbers) warnings.push(`"${c.key}": ${formatCount(badNumbers)} sayı okunamadı (ör. "${example}")`);
  }
  out.lines.push(...warnings.map((w) => `${indent}uyarı: ${w}`));
  if (missing.length && table.rows.length > 0) {
    out.failed = true;
    lines.push(`${indent}EKSİK: sayfanın ihtiyaç duyduğu alan bulunamadı: ${missing.join(', ')}`);
  }
  if (notUnderstood.length || (missing.length && table.rows.length > 0)) {
    const field = missing[0]?.split(' | ')[0] ?? 'ALAN';
    const snippet = JSON.stringify({ [record]: { [field]: notUnderstood.length ? notUnderstood : ['<ERP’deki anahtar>'] } });
    lines.push(`${indent}ERP_ALIASES_FILE önerisi (anahtarı anlamına göre doğru alana yazın; alanlar: ${Object.keys(FIELD_KINDS[record] ?? {}).join(', ')}):`);
    lines.push(`${indent}  ${snippet}`);
  }
}

/** First value of a field in a table, as text ('' when absent). */
function firstValue(table: ErpTable, field: string, pick: (row: Record<string, Cell>) => boolean = () => true): string {
  const col = table.columns.find((c) => c.field === field);
  if (!col) return '';
  const row = table.rows.find(pick);
  const cell = row?.[col.key];
  return cell?.kind === 'text' ? cell.text : cell?.kind === 'number' || cell?.kind === 'date' ? cell.raw.trim() : '';
}

export async function runErpCheck(options: ErpCheckOptions): Promise<ErpCheckResult> {
  const upstream: UpstreamOptions = {
    erpBaseUrl: options.baseUrl,
    erpApiPassword: options.apiPassword,
    erpService: options.service,
    erpTimeoutMs: options.timeoutMs ?? 30_000,
    erpBody: options.body ?? 'form',
    maxAnswerBytes: 512 * 1024 * 1024,
    transport: options.fetch ? fetchTransport((request) => options.fetch!(request)) : defaultDispatcher(),
  };
  resetAliases();
  if (options.aliases) extendAliases(options.aliases);
  const out: string[] = [];
  let failed = false;
  const base = options.baseUrl.replace(/\/+$/, '');
  out.push(
    `ERP: ${base}/wex.cfm/${options.service}/<işlem> · parametreler: ${upstream.erpBody === 'json' ? 'JSON gövde (ERP_BODY=json)' : 'form alanları'} · API şifresi: ${options.apiPassword ? 'var (gösterilmez)' : 'YOK'}`,
  );

  /** One call: the header line, then `describe` with the parsed JSON; errors reported plainly. */
  async function call(op: string, params: Record<string, string>, describe: (json: unknown, s: Section) => void): Promise<unknown> {
    const names: readonly string[] =
      op === LOGIN_OPERATION ? [LOGIN_PARAMS.userName, LOGIN_PARAMS.password] : ERP_OPERATIONS[op as keyof typeof ERP_OPERATIONS];
    const shownParams = names.map((n) => `${n}=${n === LOGIN_PARAMS.password ? '***' : JSON.stringify(params[n] ?? '')}`).join(' ');
    const section: Section = { lines: [], failed: false };
    out.push('', `${op}  ${shownParams}`);
    const t0 = performance.now();
    let json: unknown;
    try {
      const answer = await callErp(
        upstream,
        op,
        names.map((n) => [n, params[n] ?? ''] as const),
      );
      const ms = Math.round(performance.now() - t0);
      const text = new TextDecoder().decode(answer.body);
      json = parseErpBody(text, answer.status);
      section.lines.push(
        `  durum ${answer.status} · ${formatCount(ms)} ms · ${formatCount(answer.body.byteLength)} bayt · ${answer.contentType ?? 'içerik türü yok'} · biçim: ${answerShape(json)}`,
      );
      if (/^\uFEFF?\s*\/\//.test(text)) {
        section.lines.push(
          '  uyarı: yanıt "//" önekiyle başlıyor (ColdFusion): okundu; Workcube metindeki her "//"yi sildiğinden değerlerdeki adresler (https://…) bozuk gelebilir',
        );
      }
      describe(json, section);
    } catch (err) {
      section.failed = true;
      const message = err instanceof GatewayError ? err.message : err instanceof AppError ? err.userMessage : 'beklenmeyen hata';
      const status = err instanceof GatewayError && err.upstreamStatus !== undefined ? `HTTP ${err.upstreamStatus} · ` : '';
      section.lines.push(`  HATA: ${status}${formatCount(Math.round(performance.now() - t0))} ms · ${message}`);
      json = undefined;
    }
    out.push(...section.lines);
    if (section.failed) failed = true;
    return json;
  }

  const table = (op: keyof typeof NEEDED) => (json: unknown, s: Section) => {
    const need = NEEDED[op]!;
    describeTable(readTableAnswer(json, need.record), need.record, need, '  ', s);
  };

  const accountsJson = await call('get_cari', { firma_ismi: '' }, table('get_cari'));
  const accounts = accountsJson === undefined ? null : safeTable(() => readTableAnswer(accountsJson, 'account'));
  const hasBalance = (row: Record<string, Cell>) => Object.values(row).some((c) => c.kind === 'number' && c.minor !== 0);
  const cariId = accounts ? firstValue(accounts, 'id', hasBalance) || firstValue(accounts, 'id') : '';
  const name = accounts ? firstValue(accounts, 'name', hasBalance) || firstValue(accounts, 'name') : '';
  await call('get_cari_extre', { cari_id: cariId }, table('get_cari_extre'));
  await call('get_yaslandirma', { firma_ismi: name }, table('get_yaslandirma'));
  let invoicesJson = await call('get_fatura', { fatura_no: '', firma_ismi: name }, table('get_fatura'));
  let invoices = invoicesJson === undefined ? null : safeTable(() => readTableAnswer(invoicesJson, 'invoice'));
  if (invoices && invoices.rows.length === 0 && name) {
    invoicesJson = await call('get_fatura', { fatura_no: '', firma_ismi: '' }, table('get_fatura'));
    invoices = invoicesJson === undefined ? null : safeTable(() => readTableAnswer(invoicesJson, 'invoice'));
  }
  const faturaId = invoices ? firstValue(invoices, 'id') : '';
  await call('get_fatura_det', { fatura_id: faturaId }, (json, s) => {
    const detail = readInvoiceDetail(json);
    describeTable(detail.header, 'invoice', { fields: ['number'] }, '  ', s, 'başlık:');
    describeTable(detail.lines, 'invoiceLine', NEEDED_LINES, '  ', s, 'satırlar:');
  });
  if (options.userName && options.userPassword !== undefined) {
    await call('get_user', { user_name: options.userName, user_password: options.userPassword }, (json, s) => {
      const login = readLogin(json);
      const enveloped = (Array.isArray(json) ? json.length === 1 && typeof json[0] === 'object' : typeof json === 'object') && json !== null;
      if (login.ok) s.lines.push(`  giriş başarılı${login.user?.name ? `: ${login.user.name}` : ''}`);
      else {
        s.failed = true;
        s.lines.push(`  giriş reddedildi${login.message ? `: ${login.message}` : ''}`);
        if (!enveloped) {
          s.lines.push(
            `  HATA: yanıt yalın bir değer (${JSON.stringify(json).slice(0, 20)}): ağ geçidi başarılı girişi yalnızca {"status": true, "data": {…}} gibi durum alanı olan bir nesneyle kabul eder (sözleşme §4)`,
          );
        }
      }
    });
  } else {
    out.push('', 'get_user  atlandı (denemek için: npm run erp:check -- --user <kullanıcı adı>; şifre sorulur)');
  }
  out.push('', failed ? 'SONUÇ: sorun var — yukarıdaki HATA / EKSİK satırlarına bakın.' : 'SONUÇ: her işlem okundu; sayfaların ihtiyaç duyduğu alanlar var.');
  resetAliases();
  let text = out.join('\n');
  // Belt and braces: the password is never in the text built above; never let it out anyway.
  if (options.apiPassword) text = text.split(options.apiPassword).join('***');
  return { ok: !failed, text };
}

function safeTable(read: () => ErpTable): ErpTable | null {
  try {
    return read();
  } catch {
    return null;
  }
}
