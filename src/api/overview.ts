/** GET /api/overview: Özet's figures, worked out by the gateway (src/domain/overview-summary.ts). */
import { overviewCall } from '../contract/erp';
import { ErpFormatError, type AppError } from '../domain/errors';
import type { AccountFigures } from '../domain/overview-figures';
import { failureError, type OverviewAging, type OverviewPart, type OverviewSummary } from '../domain/overview-summary';
import { viewQuery } from './erp-call';

export interface Overview {
  /** The account figures, or why they could not be had (the error the list page would show). */
  accounts: { figures: AccountFigures; error: null } | { figures: null; error: AppError };
  aging: { aging: OverviewAging; error: null } | { aging: null; error: AppError };
}

const isPart = (v: unknown): v is OverviewPart<unknown> =>
  !!v && typeof v === 'object' && ('ok' in v || ('failed' in v && !!v.failed && typeof v.failed === 'object'));

/** Our own server's answer; anything else (a proxy's page) is unreadable, never shown as figures. */
export function readOverview(json: unknown): Overview {
  const s = json as Partial<OverviewSummary> | null;
  if (!s || typeof s !== 'object' || !isPart(s.accounts) || !isPart(s.aging)) throw new ErpFormatError(200, '', 'not an overview');
  return {
    accounts: 'ok' in s.accounts ? { figures: s.accounts.ok, error: null } : { figures: null, error: failureError(s.accounts.failed) },
    aging: 'ok' in s.aging ? { aging: s.aging.ok, error: null } : { aging: null, error: failureError(s.aging.failed) },
  };
}

export const overviewQueries = {
  summary: () => viewQuery(overviewCall(), readOverview),
};
