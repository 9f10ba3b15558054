/**
 * `npm run erp:check [-- --user <name>]`: checks the ERP set in .env.local / .env / the environment
 * (ERP_BASE_URL, ERP_API_PASSWORD, ERP_SERVICE, ERP_BODY, ERP_TIMEOUT_MS, ERP_ALIASES_FILE) — see
 * server/erp-check.ts. With --user, the user's password is asked for (not echoed) and get_user is
 * tried too. Exit code 0: every operation read, every field a page needs found; 1: a problem; 2: a
 * setting is missing.
 */
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { createInterface } from 'node:readline';
import { loadEnv } from './config';
import { ERP_BODY_MODES, type ErpBodyMode } from './gateway/erp-body';
import { runErpCheck } from './erp-check';

function fail(message: string): never {
  process.stderr.write(`erp:check: ${message}\n`);
  process.exit(2);
}

/** Reads a line from the terminal without showing it. */
function askHidden(prompt: string): Promise<string> {
  return new Promise((done) => {
    const rl = createInterface({ input: process.stdin, output: process.stdout, terminal: true });
    const out = rl as unknown as { _writeToOutput: (s: string) => void };
    let asked = false;
    out._writeToOutput = (s: string) => {
      if (!asked) {
        process.stdout.write(s);
        asked = true;
      }
    };
    rl.question(prompt, (answer) => {
      rl.close();
      process.stdout.write('\n');
      done(answer);
    });
  });
}

const env = loadEnv();
const args = process.argv.slice(2);
const userAt = args.indexOf('--user');
const userName = userAt >= 0 ? args[userAt + 1] : undefined;
if (userAt >= 0 && !userName) fail('--user needs a user name');
const baseUrl = env.ERP_BASE_URL?.trim();
if (!baseUrl) fail('ERP_BASE_URL is not set (.env.local, .env or the environment)');
const apiPassword = env.ERP_API_PASSWORD ?? '';
if (!apiPassword) fail('ERP_API_PASSWORD is not set');
const body = (env.ERP_BODY?.trim().toLowerCase() || 'form') as ErpBodyMode;
if (!ERP_BODY_MODES.includes(body)) fail(`ERP_BODY must be one of: ${ERP_BODY_MODES.join(', ')}`);
let aliases: Record<string, unknown> | undefined;
if (env.ERP_ALIASES_FILE?.trim()) {
  try {
    aliases = JSON.parse(readFileSync(resolve(env.ERP_ALIASES_FILE.trim()), 'utf8')) as Record<string, unknown>;
  } catch {
    fail(`ERP_ALIASES_FILE (${env.ERP_ALIASES_FILE}) could not be read as JSON`);
  }
}
const userPassword = userName ? await askHidden(`${userName} için şifre: `) : undefined;
const result = await runErpCheck({
  baseUrl,
  apiPassword,
  service: env.ERP_SERVICE?.trim() || 'mobiusmus',
  body,
  timeoutMs: Number(env.ERP_TIMEOUT_MS) > 0 ? Number(env.ERP_TIMEOUT_MS) : 30_000,
  aliases,
  userName,
  userPassword,
});
process.stdout.write(`${result.text}\n`);
process.exit(result.ok ? 0 : 1);
