// What tests/e2e/run.ts tells the specs about the servers it started (E2E_* environment variables).
function required(name: string): string {
  const v = process.env[name];
  if (!v) throw new Error(`${name} is not set: run the e2e suite with \`npm run test:e2e\` (tests/e2e/run.ts starts the servers).`);
  return v;
}

export const e2e = {
  /** Where the app is served (dev server or production server). */
  baseURL: required('E2E_BASE_URL'),
  /** Which run: dev-embedded | dev-standalone | prod. */
  mode: process.env.E2E_MODE ?? 'dev',
  /**
   * The ERP API password behind the gateway: must never reach the browser. Known in every run (the
   * dev-embedded run hands it to the embedded demo ERP through DEMO_ERP_PASSWORD).
   */
  apiPassword: process.env.E2E_API_PASSWORD ?? '',
  /** The standalone demo ERP's base URL (its POST /__demo/settings control endpoint); '' when embedded. */
  erpUrl: process.env.E2E_ERP_URL ?? '',
  /** The answer shape the demo ERP is serving. */
  shape: process.env.E2E_ERP_SHAPE ?? 'wex',
  /** The gateway's ERP time-out in ms. */
  erpTimeoutMs: Number(process.env.E2E_ERP_TIMEOUT_MS ?? '0') || 0,
  /** The company title the letters must show (COMPANY_TITLE, or the demo company). */
  companyTitle: process.env.E2E_COMPANY_TITLE ?? '',
};

export const authFile = `test-results/e2e-auth-${e2e.mode}.json`;
export const screenshotDir = `screenshots/e2e/${e2e.mode}`;
