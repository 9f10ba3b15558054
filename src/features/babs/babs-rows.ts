/** The list's rows (one per counterparty and form) and the documents behind one figure. */
import type { BabsForm } from '../../domain/babs/classify';
import type { BabsDoc, BabsLine, BabsResult } from '../../domain/babs/compute';
import type { Minor } from '../../domain/types';

export interface BabsRow {
  key: string;
  form: BabsForm;
  name: string;
  accountId: string;
  taxId: string;
  count: number;
  net: Minor;
  reportable: boolean;
  threshold: Minor;
  foreign: string[];
  line: BabsLine;
}

export function babsRows(result: BabsResult, form: BabsForm, taxIdOf: (line: BabsLine) => string, showAll: boolean): BabsRow[] {
  const rows: BabsRow[] = [];
  for (const line of result.lines) {
    const f = line[form];
    if (f.count === 0 || (!showAll && !f.reportable)) continue;
    rows.push({
      key: line.key,
      form,
      name: line.name,
      accountId: line.accountId,
      taxId: taxIdOf(line),
      count: f.count,
      net: f.net,
      reportable: f.reportable,
      threshold: result.threshold,
      foreign: line.foreign,
      line,
    });
  }
  rows.sort((a, b) => b.net - a.net || a.name.localeCompare(b.name, 'tr'));
  return rows;
}

export type DocRow = BabsDoc & { kind: string };
