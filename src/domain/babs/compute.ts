/**
 * One month's Form Ba / Bs lines from the invoices (get_fatura: KDV-hariç amounts in TL as the ERP
 * records them). Per counterparty and form: document count, KDV-hariç total (exact kuruş), the
 * documents behind them, and whether the line reaches the threshold. A document that cannot be
 * placed (no type, no direction, unreadable amount) is listed with why; nothing is guessed.
 */
import { addMinor } from '../money';
import { foldKey } from '../turkish';
import type { IsoDate, Minor } from '../types';
import { babsKind, formOf, type BabsForm, type BabsKind, type KindResult } from './classify';

export interface BabsDoc {
  id: string;
  number: string;
  date: IsoDate | null;
  accountId: string;
  company: string;
  /** The type as the ERP names it. */
  type: string;
  /** KDV hariç, KDV and total in TL kuruş; null when the ERP sent none / unreadable. */
  net: Minor | null;
  vat: Minor | null;
  total: Minor | null;
  /** The document's currency when not TL (the TL figures are the ERP's). */
  currency: string;
  /** How the form was told when the invoice's own type did not tell it (from the statement). */
  typeNote?: string;
}

/** A statement line of the document's account: date, signed side and İşlem Türü. */
export interface StatementHint {
  date: string | null;
  debit: Minor;
  credit: Minor;
  type: string;
}

export interface FormFigure {
  count: number;
  net: Minor;
  docs: (BabsDoc & { kind: BabsKind })[];
  reportable: boolean;
}

export interface BabsLine {
  key: string;
  accountId: string;
  name: string;
  bs: FormFigure;
  ba: FormFigure;
  /** Documents in a foreign currency are in this line (their TL amounts are the ERP's). */
  foreign: string[];
}

export interface Unclassified {
  key: string;
  accountId: string;
  name: string;
  doc: BabsDoc;
  reason: string;
}

export interface BabsResult {
  month: string;
  threshold: Minor;
  lines: BabsLine[];
  unclassified: Unclassified[];
  /** Documents of the month read. */
  documents: number;
}

const isTl = (c: string): boolean => c === '' || ['tl', 'try', 'ytl'].includes(foldKey(c));

const emptyFigure = (): FormFigure => ({ count: 0, net: 0, docs: [], reportable: false });

/** The account a document belongs to: its id when the ERP sent one, else its name (folded). */
export const accountKeyOf = (d: Pick<BabsDoc, 'accountId' | 'company'>): string => (d.accountId ? `id:${d.accountId}` : `ad:${foldKey(d.company)}`);

/**
 * A document whose own type does not tell the form, told by its account's statement: the one line
 * on the same date for the same total. Its İşlem Türü decides when it names a direction; else its
 * side does (borç: we invoiced them — a sale, or a purchase return when the type says iade; alacak:
 * they invoiced us). No line, or more than one, tells nothing.
 */
export function kindFromStatement(doc: BabsDoc, lines: readonly StatementHint[]): { kind: BabsKind; note: string } | { reason: string } {
  if (doc.total === null || doc.date === null) return { reason: 'ekstrede aranamadı (tarih ya da toplam yok)' };
  const same = lines.filter((l) => l.date === doc.date && (l.debit === doc.total || l.credit === doc.total));
  if (same.length === 0) return { reason: 'ekstrede aynı gün aynı tutarda satır yok' };
  if (same.length > 1) return { reason: `ekstrede aynı gün aynı tutarda ${same.length} satır var` };
  const line = same[0]!;
  const byType = babsKind(line.type);
  if (byType.ok) return { kind: byType.kind, note: `ekstredeki işlem türü: ${line.type}` };
  const isReturn = foldKey(`${doc.type} ${line.type}`).includes('iade');
  const debit = line.debit === doc.total;
  const kind: BabsKind = debit ? (isReturn ? 'purchaseReturn' : 'sale') : isReturn ? 'saleReturn' : 'purchase';
  return { kind, note: `ekstrede ${debit ? 'borç' : 'alacak'} tarafında (${line.type || 'türsüz'})` };
}

/** `statementOf` gives a document's account statement lines, when loaded (for documents without a usable type). */
export function computeBabs(
  docs: readonly BabsDoc[],
  month: string,
  threshold: Minor,
  statementOf?: (d: BabsDoc) => readonly StatementHint[] | undefined,
): BabsResult {
  const from = `${month}-01`;
  const to = `${month}-31`;
  const lines = new Map<string, BabsLine>();
  const unclassified: Unclassified[] = [];
  let documents = 0;
  for (const doc of docs) {
    if (doc.date === null) {
      unclassified.push({ key: accountKeyOf(doc), accountId: doc.accountId, name: doc.company, doc, reason: 'fatura tarihi okunamadı' });
      continue;
    }
    if (doc.date < from || doc.date > to) continue;
    documents += 1;
    const key = accountKeyOf(doc);
    const type = doc.type;
    let kind: KindResult = babsKind(type);
    let typeNote: string | undefined;
    const hints = !kind.ok ? statementOf?.(doc) : undefined;
    if (!kind.ok && hints) {
      const told = kindFromStatement(doc, hints);
      if ('kind' in told) {
        kind = { ok: true, kind: told.kind };
        typeNote = told.note;
      } else kind = { ok: false, reason: `${kind.reason}; ${told.reason}` };
    }
    const reason = !kind.ok
      ? kind.reason
      : doc.net === null
        ? 'KDV hariç tutar yok ya da okunamadı'
        : doc.net < 0 && (kind.kind === 'sale' || kind.kind === 'purchase')
          ? 'KDV hariç tutar eksi (iade mi?)'
          : null;
    if (!kind.ok || reason !== null) {
      unclassified.push({ key, accountId: doc.accountId, name: doc.company, doc, reason: reason ?? '' });
      continue;
    }
    let line = lines.get(key);
    if (!line) {
      line = { key, accountId: doc.accountId, name: doc.company, bs: emptyFigure(), ba: emptyFigure(), foreign: [] };
      lines.set(key, line);
    }
    const form: BabsForm = formOf(kind.kind);
    const figure = line[form];
    // A return may come signed; the form lists the document's own amount.
    const net = Math.abs(doc.net as Minor);
    figure.count += 1;
    figure.net = addMinor(figure.net, net);
    figure.docs.push({ ...doc, net, type, kind: kind.kind, ...(typeNote ? { typeNote } : {}) });
    if (!isTl(doc.currency) && !line.foreign.includes(doc.currency)) line.foreign.push(doc.currency);
  }
  for (const line of lines.values()) {
    line.bs.reportable = line.bs.net >= threshold;
    line.ba.reportable = line.ba.net >= threshold;
  }
  return { month, threshold, lines: [...lines.values()], unclassified, documents };
}
