// Expected values straight from the demo ERP's deterministic dataset (the same one every demo ERP serves),
// so the specs compare what the browser shows with numbers computed independently of the app's code.
import { getDataset, SPECIAL_ACCOUNTS, type DemoAccount } from '../../server/demo-erp/dataset';
import { MESSAGES } from '../../server/gateway/messages';

/** What every failed login shows: the gateway's one message (the ERP's own text is not passed on). */
export const LOGIN_FAILED_MESSAGE = MESSAGES.loginFailed;

export const dataset = getDataset();
export { SPECIAL_ACCOUNTS };

export function account(id: string): DemoAccount {
  const a = dataset.accountById.get(id);
  if (!a) throw new Error(`no account ${id} in the demo dataset`);
  return a;
}

/** Kuruş → "1.234,56" / "-1.234,56", written out by hand (not with the app's formatter). */
export function trMoney(minor: number): string {
  const neg = minor < 0;
  const abs = Math.abs(minor);
  const lira = Math.floor(abs / 100);
  const kurus = String(abs % 100).padStart(2, '0');
  const grouped = String(lira).replace(/\B(?=(\d{3})+(?!\d))/g, '.');
  return `${neg ? '-' : ''}${grouped},${kurus}`;
}

/** "2026-01-31" → "31.01.2026". */
export function trDate(iso: string): string {
  return `${iso.slice(8, 10)}.${iso.slice(5, 7)}.${iso.slice(0, 4)}`;
}

/** Turkish-aware folding written independently of src/lib/turkish.ts: "İĞDIR" → "igdir". */
export function foldIndependently(s: string): string {
  const map: Record<string, string> = { ı: 'i', ğ: 'g', ü: 'u', ş: 's', ö: 'o', ç: 'c', â: 'a', î: 'i', û: 'u' };
  return s.toLocaleLowerCase('tr-TR').replace(/[ığüşöçâîû]/g, (c) => map[c] ?? c);
}

/** Σ of integers (kuruş). */
export const sum = (xs: readonly number[]): number => xs.reduce((a, b) => a + b, 0);

/** "1.234,56 B" / "1.234,56 A" / "0,00": a balance the way an accountant reads it. */
export function trBalance(minor: number): string {
  return minor > 0 ? `${trMoney(minor)} B` : minor < 0 ? `${trMoney(-minor)} A` : trMoney(0);
}
