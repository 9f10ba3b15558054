/**
 * The one i18n mechanism. Messages live per area in ./messages/<area>.ts, each exporting
 * `{ tr }` with keys prefixed by the area ("accounts.title"). The product speaks Turkish; a second
 * language would add a catalog per area here (none is shipped, so none is switched).
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

export function t(key: MessageKey, vars?: Record<string, string | number>): string {
  const msg = tr[key];
  if (!vars) return msg;
  return msg.replace(/\{(\w+)\}/g, (m, name: string) => (Object.hasOwn(vars, name) ? String(vars[name]) : m));
}
