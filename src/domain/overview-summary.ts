/**
 * Özet's answer (GET /api/overview, server/gateway/overview-route.ts): the figures worked out on
 * the server from the same two ERP answers the list and aging pages read (get_cari and
 * get_yaslandirma, firma_ismi ""), by the same reader and the same arithmetic
 * (overview-figures.ts) — a few KB on the wire instead of the ≈ 3 MB (brotli) of the two answers.
 * docs/decisions/0009-overview-on-the-server.md says why.
 *
 * Each part stands alone: an aging the ERP could not give leaves the account figures standing, and
 * the other way round. A part that failed carries what the browser needs to say why in the words
 * the list or aging page would use for the same failure (`failureError`).
 */
import type { ErpColumn } from './erp-types';
import { agingLayout, agingReportDate } from './aging-buckets';
import { AppError, ErpError, ErpFormatError, ErpHttpError, errorFromResponse } from './errors';
import { accountFigures, agingFigures, type AccountFigures, type AgingFigures } from './overview-figures';
import { parseErpBody, readAccounts, readTableAnswer } from './reader';
import type { IsoDate } from './types';

/** One side's aging figures without the side's rows (the largest overdue ones are kept). */
export type OverviewAgingFigures = Omit<AgingFigures, 'rows'>;

export interface OverviewAging {
  /** The aging answer's columns: the browser lays them out itself (agingLayout), as the aging page does. */
  columns: ErpColumn[];
  receivables: OverviewAgingFigures;
  payables: OverviewAgingFigures;
  /** The ERP's own date of the report, where the answer has one. */
  reportDate: IsoDate | null;
}

/** Why a part could not be worked out. */
export type PartFailure =
  /** The gateway's own error for that ERP call: its status and JSON answer (as /api/erp/<op> would have sent). */
  | { kind: 'gateway'; status: number; body: unknown }
  /** The ERP's answer is not readable JSON. */
  | { kind: 'format'; status: number }
  /** The ERP reported a failure itself. */
  | { kind: 'erp'; message?: string }
  | { kind: 'internal' };

export type OverviewPart<T> = { ok: T } | { failed: PartFailure };

export interface OverviewSummary {
  accounts: OverviewPart<AccountFigures>;
  aging: OverviewPart<OverviewAging>;
}

/** get_cari's answer (the body text) → the account figures. Throws what the reader throws. */
export function accountsPart(text: string): AccountFigures {
  return accountFigures(readAccounts(parseErpBody(text)).accounts);
}

const withoutRows = ({ rows: _rows, ...figures }: AgingFigures): OverviewAgingFigures => figures;

/** get_yaslandirma's answer (the body text) → both sides' aging figures. Throws what the reader throws. */
export function agingPart(text: string): OverviewAging {
  const table = readTableAnswer(parseErpBody(text), 'aging');
  const layout = agingLayout(table.columns);
  return {
    columns: table.columns,
    receivables: withoutRows(agingFigures(table, layout, 'B')),
    payables: withoutRows(agingFigures(table, layout, 'A')),
    reportDate: agingReportDate(table, layout),
  };
}

/** A reader's error as a PartFailure (anything else: internal, never its text). */
export function readFailure(error: unknown): PartFailure {
  if (error instanceof ErpFormatError) return { kind: 'format', status: error.status };
  if (error instanceof ErpError) return { kind: 'erp', ...(error.erpMessage ? { message: error.erpMessage } : {}) };
  return { kind: 'internal' };
}

/** The error the page shows for a failed part: the one the list or aging page's own read would have thrown. */
export function failureError(failure: PartFailure): AppError {
  switch (failure.kind) {
    case 'gateway':
      return errorFromResponse(failure.status, failure.body, true);
    case 'format':
      return new ErpFormatError(failure.status, '');
    case 'erp':
      return new ErpError(failure.message);
    default:
      return new ErpHttpError(500);
  }
}
