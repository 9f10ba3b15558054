/** The embedded demo ERP: a deterministic fake Workcube WEX service (dev, tests, e2e). */
export {
  createDemoErp,
  DEMO_USERS,
  FAIL_MODES,
  OPERATIONS,
  LOGIN_FAILED_MESSAGE,
  INVOICE_NOT_FOUND_MESSAGE,
  ERP_ERROR_MESSAGE,
  isFailMode,
  parseFailSpec,
} from './service';
export type { DemoErp, DemoErpOptions, DemoErpSettings, DemoRequestRecord, DemoUser, FailMode, FailRule, Operation } from './service';
export { startDemoErp } from './standalone';
export type { StartDemoErpOptions, RunningDemoErp } from './standalone';
export { SHAPES, isShape } from './shapes';
export { DEMO_COMPANY, type DemoCompany } from './company';
export type { ShapeName } from './shapes';
export {
  getDataset,
  generateDataset,
  agingOf,
  rateOf,
  foreignAmount,
  LARGE_STATEMENT_ACCOUNT_ID,
  SPECIAL_ACCOUNTS,
  DEFAULT_TODAY,
  LARGE_ACCOUNT_COUNT,
  LARGE_INVOICE_COUNT,
  LARGE_STATEMENT_LINES,
} from './dataset';
export type { DemoDataset, DemoAccount, DemoInvoice, DemoInvoiceLine, DemoStatementLine, DatasetSize } from './dataset';
