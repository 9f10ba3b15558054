/**
 * `npm run demo-erp`: the demo ERP standalone.
 * Env: DEMO_ERP_PASSWORD (required: the API password callers must send), DEMO_ERP_PORT (default 8787),
 * DEMO_ERP_SHAPE, DEMO_ERP_SIZE (normal|large), DEMO_ERP_TODAY (YYYY-MM-DD), DEMO_ERP_FAIL, ERP_SERVICE.
 * Prints its URL, never the password.
 */
import { startDemoErp } from './standalone';
import { isShape, SHAPES } from './shapes';
import { parseFailSpec, type FailMode, type FailRule } from './service';

const env = process.env;
const fatal = (message: string): never => {
  console.error(`demo-erp: ${message}`);
  process.exit(1);
};
const apiPassword = env.DEMO_ERP_PASSWORD;
if (!apiPassword)
  fatal(
    'DEMO_ERP_PASSWORD is not set. Choose the API password the gateway will send, e.g.\n  DEMO_ERP_PASSWORD=some-secret npm run demo-erp\nand give the gateway the same value as ERP_API_PASSWORD.',
  );
const shape = env.DEMO_ERP_SHAPE || 'wex';
if (!isShape(shape)) fatal(`unknown DEMO_ERP_SHAPE "${shape}" (one of: ${SHAPES.join(', ')})`);
let fail: FailMode = 'none';
let failRules: FailRule[] = [];
try {
  ({ fail, failRules } = parseFailSpec(env.DEMO_ERP_FAIL || ''));
} catch (e) {
  fatal(`DEMO_ERP_FAIL: ${(e as Error).message}`);
}
const size = env.DEMO_ERP_SIZE || 'normal';
if (size !== 'normal' && size !== 'large') fatal(`unknown DEMO_ERP_SIZE "${size}" (normal or large)`);
const port = Number(env.DEMO_ERP_PORT || 8787);
if (!Number.isInteger(port) || port < 0 || port > 65535) fatal(`invalid DEMO_ERP_PORT "${env.DEMO_ERP_PORT}"`);
const today = env.DEMO_ERP_TODAY || undefined;
if (today && !/^\d{4}-\d{2}-\d{2}$/.test(today)) fatal(`invalid DEMO_ERP_TODAY "${today}" (YYYY-MM-DD)`);

const running = await startDemoErp({
  apiPassword: apiPassword as string,
  port,
  shape: shape as (typeof SHAPES)[number],
  fail,
  failRules,
  size: size as 'normal' | 'large',
  today,
  service: env.ERP_SERVICE?.trim() || undefined,
});
const ds = running.erp.dataset; // generate now, not on the first request
const { service } = running.erp.options;
console.info(
  `demo ERP listening on ${running.url}/wex.cfm/${service}/<operation> — shape ${shape}, size ${size}, today ${ds.today}, fail ${env.DEMO_ERP_FAIL || 'none'}; ` +
    `${ds.accounts.length} accounts, ${ds.invoices.length} invoices, generated in ${ds.generatedMs} ms. Control: ${running.url}/__demo/settings`,
);
const stop = () => void running.close().finally(() => process.exit(0));
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
