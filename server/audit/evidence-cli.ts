/**
 * npm run evidence:verify -- <engagement id>   — recomputes an engagement's evidence chain from the
 * database (DATA_DIR or DATABASE_URL, as the server) and says whether it holds or where it breaks.
 * Exit 0: intact; 1: broken (the event named); 2: no such engagement or no argument.
 * The embedded database allows one process: with PGlite, stop the server first (or use the auditor's
 * "Zinciri doğrula" button, which does the same inside the server).
 */
import { resolve } from 'node:path';
import { sql } from 'drizzle-orm';
import { loadEnv } from '../config';
import { openDatabase, DEFAULT_DATA_DIR } from '../db/open';
import { verifyEngagement } from './evidence';

async function main(): Promise<void> {
  const id = process.argv[2]?.trim();
  if (!id) {
    console.error('usage: npm run evidence:verify -- <engagement id (den-…)>');
    process.exitCode = 2;
    return;
  }
  const env = loadEnv();
  const d = await openDatabase({
    databaseUrl: env.DATABASE_URL?.trim() || undefined,
    dataDir: resolve(env.DATA_DIR?.trim() || DEFAULT_DATA_DIR),
    log: (l) => console.error(l),
  });
  try {
    const [e] = await d.rows<{ firm: string; engagement_no: string }>(sql`SELECT firm, engagement_no FROM engagements WHERE id = ${id}`);
    if (!e) {
      console.error(`Denetim bulunamadı: ${id}`);
      process.exitCode = 2;
      return;
    }
    const t = performance.now();
    const v = await verifyEngagement(d, id);
    console.info(`${e.firm} — ${e.engagement_no}: ${v.text} (${Math.round(performance.now() - t)} ms)`);
    process.exitCode = v.ok ? 0 : 1;
  } finally {
    await d.close();
  }
}

// Run, not imported (the built copy the tests start ends in .js).
if (/evidence-cli\.[jt]s$/.test(process.argv[1] ?? '')) {
  main().catch((e: unknown) => {
    console.error((e as Error).message);
    process.exit(2);
  });
}
