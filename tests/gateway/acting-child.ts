/**
 * One instance of our server's acting part, for the two-instance and kill -9 tests: mutabakat on the
 * PostgreSQL of DATABASE_URL, its mails over SMTP_URL, the demo ERP in-process (the tests' dataset),
 * the jobs worker running with a short lease (JOB_LEASE_MS). Prints "ready" once its worker runs.
 */
import { randomBytes } from 'node:crypto';
import { createDemoErp } from '../../server/demo-erp/index';
import { fetchTransport } from '../../server/gateway/upstream';
import { smtpTransport } from '../../server/mail/transport';
import { startApp } from '../../server/app/index';

const COMPANY = { title: 'Örnek Dağıtım A.Ş.', address: 'Atatürk Cad. 1\nÇankaya / Ankara', taxOffice: 'Çankaya', taxNo: '1234567890' };
const apiPassword = randomBytes(12).toString('hex');
const erp = createDemoErp({ apiPassword, today: '2026-11-15' });
const transport = fetchTransport((r) => erp.fetch(r));
const mut = await startApp({
  settings: {
    enabled: true,
    demo: false,
    databaseUrl: process.env.DATABASE_URL!,
    dataDir: 'memory://',
    mailFrom: 'Örnek Dağıtım <mutabakat@ornek.example>',
    publicUrl: 'http://cari.test',
    publicUrlDefault: false,
    erpConcurrency: 6,
  },
  upstream: {
    erpBaseUrl: 'http://demo-erp.invalid',
    erpApiPassword: apiPassword,
    erpService: 'mobiusmus',
    erpTimeoutMs: 30_000,
    maxAnswerBytes: 256 << 20,
    transport,
  },
  company: COMPANY,
  transport: smtpTransport(process.env.SMTP_URL!),
  seedDemo: false,
  retryBaseMs: 1000,
  workerIntervalMs: 50,
  jobLeaseMs: Number(process.env.JOB_LEASE_MS ?? 2000),
  log: (l) => process.stderr.write(`${l}\n`),
});
await mut.worker();
process.stdout.write('ready\n');
process.on('SIGTERM', () => void mut.close().then(() => process.exit(0)));
