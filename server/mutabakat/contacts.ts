/** Mutabakat addresses per account (To, Cc, a named person): the ERP gives none. */
import { eq, inArray } from 'drizzle-orm';
import type { Db } from '../db/open';
import { contacts } from '../db/schema';
import { badRequest, type Problem } from '../app/errors';
import type { Actor } from './events';
import { checkTaxId } from '../../src/domain/babs/tax-id';

export interface ContactInput {
  to: string[];
  cc: string[];
  person: string;
  /** undefined: left as it is (an import without a VKN/TCKN column). */
  taxId?: string;
}

// A practical address check: one @, a dotted domain, no spaces or angle brackets (RFC 5321 length).
const ADDRESS = /^[^\s@<>()[\]\\,;:"]+@[^\s@<>()[\]\\,;:"]+\.[^\s@<>()[\]\\,;:".]{2,}$/;
export const isAddress = (s: string): boolean => s.length <= 254 && ADDRESS.test(s);
export const badAddress = (s: string) => `“${s.slice(0, 80)}” geçerli bir e-posta adresi değil.`;

/** "a@x.com; b@y.com" → ['a@x.com', 'b@y.com']. */
export function splitAddresses(cell: string): string[] {
  return cell
    .split(/[;,\s]+/)
    .map((s) => s.trim())
    .filter(Boolean);
}

export function checkContact(body: unknown): ContactInput {
  const problems: Problem[] = [];
  const b = (body && typeof body === 'object' ? body : {}) as Record<string, unknown>;
  const list = (name: 'to' | 'cc'): string[] => {
    const v = b[name] ?? [];
    if (!Array.isArray(v) || v.some((x) => typeof x !== 'string') || v.length > 20) {
      problems.push({ field: name, message: 'En fazla 20 e-posta adresinden oluşan bir liste olmalı.' });
      return [];
    }
    const out = (v as string[]).map((s) => s.trim()).filter(Boolean);
    out.forEach((s, i) => {
      if (!isAddress(s)) problems.push({ field: `${name}[${i}]`, message: badAddress(s) });
    });
    return out;
  };
  const to = list('to');
  const cc = list('cc');
  const person = typeof b.person === 'string' ? b.person.trim() : '';
  if (b.person !== undefined && typeof b.person !== 'string') problems.push({ field: 'person', message: 'Yetkili adı metin olmalı.' });
  if (person.length > 200) problems.push({ field: 'person', message: 'Yetkili adı en fazla 200 karakter olabilir.' });
  let taxId: string | undefined;
  if (b.taxId !== undefined) {
    const check = typeof b.taxId === 'string' ? checkTaxId(b.taxId) : ({ ok: false, message: 'VKN/TCKN metin olmalı.' } as const);
    if (check.ok) taxId = check.value;
    else problems.push({ field: 'taxId', message: check.message });
  }
  if (problems.length) throw badRequest(problems);
  return { to, cc, person, ...(taxId !== undefined ? { taxId } : {}) };
}

export function contactJson(accountId: string, row: typeof contacts.$inferSelect | undefined) {
  return {
    accountId,
    to: row?.to ?? [],
    cc: row?.cc ?? [],
    person: row?.person ?? '',
    taxId: row?.taxId ?? '',
    updatedAt: row?.updatedAt.toISOString() ?? null,
    updatedBy: row?.updatedBy ?? null,
  };
}

/** Who filled a demo contact (not a staff user: the auditor's address flags tell them apart). */
export const DEMO_SEED = 'demo-verisi';

export async function getContacts(db: Db, ids?: readonly string[]) {
  if (ids && ids.length === 0) return [];
  return ids
    ? db
        .select()
        .from(contacts)
        .where(inArray(contacts.accountId, [...ids]))
    : db.select().from(contacts);
}

export async function getContact(db: Db, accountId: string) {
  return (await db.select().from(contacts).where(eq(contacts.accountId, accountId)))[0];
}

type Tx = Pick<Db, 'insert'>;
export async function putContact(db: Tx, accountId: string, c: ContactInput, by: Actor, at: Date): Promise<void> {
  const tax = c.taxId !== undefined ? { taxId: c.taxId } : {};
  const values = { accountId, to: c.to, cc: c.cc, person: c.person, ...tax, updatedAt: at, updatedBy: by.userName };
  await db
    .insert(contacts)
    .values(values)
    .onConflictDoUpdate({ target: contacts.accountId, set: { to: c.to, cc: c.cc, person: c.person, ...tax, updatedAt: at, updatedBy: by.userName } });
}
