/**
 * The one i18n mechanism. Messages live per area in ./messages/<area>.ts, each exporting
 * `{ tr }` with keys prefixed by the area ("accounts.title"). The product speaks Turkish; a second
 * language would add a catalog per area here (none is shipped, so none is switched).
 * Placeholders: "{name}" in a message is replaced by vars.name.
 *
 * Two doors to the same catalog, so /login does not download every page's messages:
 * - this module (`i18n/core`) holds the `common` and `auth` messages — what the first screen
 *   (main.tsx, the routes, the error page, the login page, the ERP errors) shows — and its `t` only
 *   accepts those keys (the compiler says when first-screen code reaches for another area's);
 * - `i18n` (index.ts) adds every other area's messages when it is loaded (the pages' chunks) and
 *   its `t` accepts every key. A module that imports it runs after the messages are in (ES module
 *   order), so a key never comes back missing.
 */
import { common } from './messages/common';
import { auth } from './messages/auth';
import type { accounts } from './messages/accounts';
import type { statement } from './messages/statement';
import type { aging } from './messages/aging';
import type { invoices } from './messages/invoices';
import type { overview } from './messages/overview';
import type { letter } from './messages/letter';
import type { ledger } from './messages/ledger';
import type { mutabakat } from './messages/mutabakat';
import type { babs } from './messages/babs';
import type { tahsilat } from './messages/tahsilat';
import type { denetim } from './messages/denetim';

type Catalog<A extends { tr: object }> = A['tr'];
/** Keys the first screen's catalog holds. */
export type CoreKey = keyof Catalog<typeof common> | keyof Catalog<typeof auth>;
/** Every key of every area. */
export type MessageKey =
  | CoreKey
  | keyof Catalog<typeof accounts>
  | keyof Catalog<typeof statement>
  | keyof Catalog<typeof aging>
  | keyof Catalog<typeof invoices>
  | keyof Catalog<typeof overview>
  | keyof Catalog<typeof letter>
  | keyof Catalog<typeof ledger>
  | keyof Catalog<typeof mutabakat>
  | keyof Catalog<typeof babs>
  | keyof Catalog<typeof tahsilat>
  | keyof Catalog<typeof denetim>;

const catalog: Record<string, string> = { ...common.tr, ...auth.tr };

/** Adds areas' messages (index.ts, once, for every area but common and auth): copied once, straight into the catalog. */
export function addMessages(...areas: Readonly<Record<string, string>>[]): void {
  Object.assign(catalog, ...areas);
}

/**
 * A message split at its placeholders once: text, name, text, … (even places text, odd names). A
 * table calls `t` with vars for every row it paints (a button's label), on every keystroke.
 */
const templates = new Map<string, readonly string[]>();
const templateOf = (msg: string): readonly string[] => {
  let parts = templates.get(msg);
  if (!parts) templates.set(msg, (parts = msg.split(/\{(\w+)\}/)));
  return parts;
};

/** The message for `key` with its placeholders filled (both doors' `t`). */
export function translate(key: MessageKey, vars?: Record<string, string | number>): string {
  const msg = catalog[key] as string;
  if (!vars) return msg;
  const parts = templateOf(msg);
  let out = parts[0] as string;
  for (let i = 1; i < parts.length; i += 2) {
    const name = parts[i] as string;
    out += (Object.hasOwn(vars, name) ? String(vars[name]) : `{${name}}`) + (parts[i + 1] as string);
  }
  return out;
}

/** `t` of the first screen: common and auth messages only. */
export const t: (key: CoreKey, vars?: Record<string, string | number>) => string = translate;
