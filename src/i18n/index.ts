/**
 * `t` for every message of the app (the mechanism and the first screen's part: ./core.ts). Loading
 * this module adds every area's messages to the catalog; /login's code imports ./core instead, so
 * its bundle carries only the common and auth messages.
 */
import { addMessages, translate, type MessageKey } from './core';
import { accounts } from './messages/accounts';
import { statement } from './messages/statement';
import { aging } from './messages/aging';
import { invoices } from './messages/invoices';
import { overview } from './messages/overview';
import { letter } from './messages/letter';
import { ledger } from './messages/ledger';
import { mutabakat } from './messages/mutabakat';
import { babs } from './messages/babs';
import { tahsilat } from './messages/tahsilat';
import { denetim } from './messages/denetim';

addMessages(accounts.tr, statement.tr, aging.tr, invoices.tr, overview.tr, letter.tr, ledger.tr, mutabakat.tr, babs.tr, tahsilat.tr, denetim.tr);

export type { MessageKey } from './core';
export const t: (key: MessageKey, vars?: Record<string, string | number>) => string = translate;
