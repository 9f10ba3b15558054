/**
 * The one i18n mechanism. Messages live per area in ./messages/<area>.ts, each exporting
 * `{ tr, en }` with keys prefixed by the area ("accounts.title"). Turkish is the default;
 * `en` may leave keys out (they fall back to Turkish).
 * Placeholders: "{name}" in a message is replaced by vars.name.
 */
import { common } from './messages/common';
import { auth } from './messages/auth';
import { accounts } from './messages/accounts';
import { statement } from './messages/statement';
import { aging } from './messages/aging';
import { invoices } from './messages/invoices';
import { overview } from './messages/overview';
import { letter } from './messages/letter';
import { ledger } from './messages/ledger';

const tr = { ...common.tr, ...auth.tr, ...accounts.tr, ...statement.tr, ...aging.tr, ...invoices.tr, ...overview.tr, ...letter.tr, ...ledger.tr };
export type MessageKey = keyof typeof tr;
type Catalog = Partial<Record<MessageKey, string>>;
const en: Catalog = { ...common.en, ...auth.en, ...accounts.en, ...statement.en, ...aging.en, ...invoices.en, ...overview.en, ...letter.en, ...ledger.en };

export type Language = 'tr' | 'en';
let current: Language = 'tr';
export function setLanguage(lang: Language): void {
  current = lang;
}
export function getLanguage(): Language {
  return current;
}

export function t(key: MessageKey, vars?: Record<string, string | number>): string {
  const msg = (current === 'en' ? en[key] : undefined) ?? tr[key];
  if (!vars) return msg;
  return msg.replace(/\{(\w+)\}/g, (m, name: string) => (name in vars ? String(vars[name]) : m));
}
