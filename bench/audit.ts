/**
 * Denetçi modu's evidence at size (issue 47):
 *  audit.zip1000Ms           the engagement's evidence ZIP of 1,000 letters (each a 40 KB PDF, its address approval, a
 *                            mail with its try, opened, the identity code sent and verified, an answer; about 7,000 chained
 *                            events), built from the database (target ≤ 30,000 ms);
 *  audit.chainVerifyDb100kMs an engagement of 100,000 events written through the database's chain trigger, read back and
 *                            recomputed (target ≤ 5,000 ms); the pure recomputation is bench/acting.ts's audit.chainVerify100kMs.
 * `tsx bench/audit.ts` (PGlite in memory) writes bench/results-audit.json.
 */
import { randomBytes, randomUUID } from 'node:crypto';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { sql } from 'drizzle-orm';
import { openDatabase, type Database } from '../server/db/open';
import { auditChains, auditParties, campaigns, engagements, letters, mails, mailTries } from '../server/db/schema';
import { appendEvents, type NewEvent } from '../server/mutabakat/events';
import { GENESIS } from '../server/audit/chain';
import { engagementZip, verifyEngagement } from '../server/audit/evidence';
import type { AppCtx } from '../server/app/context';
import { check, log } from './common';

const NOW = new Date('2026-12-05T10:00:00Z');

async function seedEngagement(d: Database, n: number): Promise<typeof engagements.$inferSelect> {
  const id = `den-${randomUUID()}`;
  const e = {
    id,
    firm: 'Güven Bağımsız Denetim A.Ş.',
    engagementNo: 'BD-2026/17',
    periodEnd: '2026-06-30',
    auditorEmail: 'd@guven.example',
    auditorName: 'Ayşe Denetçi',
    scope: { sides: ['B', 'A'] as ('B' | 'A')[], accountIds: null },
    validUntil: new Date(NOW.getTime() + 180 * 86_400_000),
    authorisedBy: 'muhasebe',
    authorisedByName: 'Muhasebe',
    authorisedAt: NOW,
    revokedAt: null,
    releasedAt: null,
    sample: null,
  };
  await d.db.insert(engagements).values(e);
  await d.db.insert(auditChains).values({ campaignId: id, seq: 0, head: GENESIS });
  await d.db.insert(campaigns).values({
    id,
    kind: 'denetim',
    name: 'Bench',
    asOf: '2026-06-30',
    deadline: '2026-12-31',
    reminderDays: [7],
    sendWhenReady: true,
    total: n,
    createdAt: NOW,
    createdBy: 'bench',
    options: {
      statementLines: false,
      openItems: false,
      from: null,
      audit: { firm: e.firm, engagementNo: e.engagementNo, auditorEmail: e.auditorEmail, auditorName: e.auditorName, form: 'positive', deadline: '2026-12-31' },
    },
  });
  // A PDF's bytes as a letter's are: compressed streams (incompressible), 40 KB.
  const pdf = new Uint8Array(Buffer.concat([Buffer.from('%PDF-1.7\n'), randomBytes(40_000)]));
  for (let i = 0; i < n; i += 100) {
    const part = Array.from({ length: Math.min(100, n - i) }, (_, k) => {
      const accountId = String(100_000 + i + k);
      return { id: randomUUID(), accountId, mailId: randomUUID() };
    });
    await d.db.insert(letters).values(
      part.map((p) => ({
        id: p.id,
        campaignId: id,
        accountId: p.accountId,
        accountName: `Çağlar Ünlü & Ortakları ${p.accountId}`,
        state: 'agreed',
        to: [`m.${p.accountId}@firma.example`],
        cc: [],
        person: '',
        snapshot: { ours: [{ currency: 'TL', balance: 123_456_78 }], localBalance: 123_456_78, warnings: [], lines: 0 },
        pdf,
        pdfSha256: 'ab'.repeat(32),
        sentAt: NOW,
        createdAt: NOW,
      })),
    );
    await d.db.insert(auditParties).values(
      part.map((p) => ({
        engagementId: id,
        accountId: p.accountId,
        accountName: `Cari ${p.accountId}`,
        balances: [{ currency: 'TL', balance: 123_456_78 }],
        proposed: `m.${p.accountId}@firma.example`,
        source: 'bench',
        address: `m.${p.accountId}@firma.example`,
        taxId: '1234567890',
        flags: [],
        approvedBy: 'denetci:d@guven.example',
        approvedAt: NOW,
        letterId: p.id,
      })),
    );
    await d.db.insert(mails).values(
      part.map((p) => ({
        id: p.mailId,
        letterId: p.id,
        campaignId: id,
        accountId: p.accountId,
        kind: 'letter',
        to: [`m.${p.accountId}@firma.example`],
        cc: [],
        subject: 'Teyit',
        html: '<p>x</p>',
        text: 'x',
        attachmentName: 'm.pdf',
        state: 'sent',
        attempts: 1,
        messageId: `<${p.mailId}@bench>`,
        smtp: '250 OK',
        createdAt: NOW,
        sentAt: NOW,
        replyTo: 'd@guven.example',
      })),
    );
    await d.db
      .insert(mailTries)
      .values(part.map((p) => ({ mailId: p.mailId, attempt: 1, at: NOW, ok: true, smtp: '250 OK', messageId: `<${p.mailId}@bench>` })));
    const evs: NewEvent[] = part.flatMap((p) => [
      { campaignId: id, accountId: p.accountId, type: 'address_approved', detail: { address: `m.${p.accountId}@firma.example`, taxId: '1234567890' } },
      { campaignId: id, letterId: p.id, accountId: p.accountId, type: 'prepared', detail: { pdfSha256: 'ab'.repeat(32) } },
      { campaignId: id, letterId: p.id, accountId: p.accountId, type: 'sent', detail: { mailId: p.mailId, messageId: `<${p.mailId}@bench>`, smtp: '250 OK' } },
      { campaignId: id, letterId: p.id, accountId: p.accountId, type: 'opened', detail: { ip: '203.0.113.7', userAgent: 'Mozilla/5.0' } },
      { campaignId: id, letterId: p.id, accountId: p.accountId, type: 'code_sent', detail: { taxId: '1234567890', to: [`m.${p.accountId}@firma.example`] } },
      { campaignId: id, letterId: p.id, accountId: p.accountId, type: 'code_verified', detail: { taxId: '1234567890', try: 1 } },
    ]);
    await d.db.transaction(async (tx) => {
      await appendEvents(tx, NOW, evs);
      const answers = await appendEvents(
        tx,
        NOW,
        part.map((p) => ({
          campaignId: id,
          letterId: p.id,
          accountId: p.accountId,
          type: 'answered',
          detail: {
            kind: 'agreed',
            balances: [{ currency: 'TL', balance: 123_456_78, side: 'B' }],
            name: 'Mehmet Öztürk',
            title: 'Müdür',
            note: '',
            date: '2026-12-01',
            channel: 'web',
            identity: { taxId: '1234567890' },
          },
        })),
      );
      for (let k = 0; k < part.length; k++)
        await tx
          .update(letters)
          .set({ answerEventId: answers[k]! })
          .where(sql`id = ${part[k]!.id}`);
    });
  }
  return (
    await d.db
      .select()
      .from(engagements)
      .where(sql`id = ${id}`)
  )[0]!;
}

async function measureZip(d: Database): Promise<Record<string, number>> {
  const t0 = performance.now();
  const e = await seedEngagement(d, 1000);
  log(`engagement of 1,000 letters seeded in ${((performance.now() - t0) / 1000).toFixed(1)} s`);
  const ctx = { d, db: d.db, now: () => NOW } as unknown as AppCtx;
  const t = performance.now();
  const zip = await engagementZip(ctx, e);
  const ms = performance.now() - t;
  check('the evidence ZIP of 1,000 letters is built', zip.length > 1000 * 40_000, `${zip.length} bytes`);
  const v = await verifyEngagement(d, e.id);
  check('its chain verifies', v.ok, v.text);
  log(`evidence ZIP of 1,000 letters (${(zip.length / 1048576).toFixed(1)} MB, ${v.events} events) in ${(ms / 1000).toFixed(1)} s`);
  return { 'audit.zip1000Ms': Math.round(ms) };
}

async function measureChainDb(d: Database): Promise<Record<string, number>> {
  const id = `den-${randomUUID()}`;
  await d.db.insert(auditChains).values({ campaignId: id, seq: 0, head: GENESIS });
  const t0 = performance.now();
  for (let i = 0; i < 100_000; i += 2000) {
    await appendEvents(
      d.db,
      NOW,
      Array.from({ length: 2000 }, (_, k) => ({
        campaignId: id,
        letterId: `l-${Math.floor((i + k) / 4)}`,
        accountId: String(100_000 + Math.floor((i + k) / 4)),
        type: ['sent', 'opened', 'code_sent', 'answered'][(i + k) % 4]!,
        detail: { ip: '203.0.113.7', to: `m.${i + k}@firma.example`, balances: [{ currency: 'TL', balance: (i + k) * 137 }] },
      })),
    );
  }
  log(`100,000 events written through the chain trigger in ${((performance.now() - t0) / 1000).toFixed(1)} s`);
  const t = performance.now();
  const v = await verifyEngagement(d, id);
  const ms = performance.now() - t;
  check('the 100,000-event chain in the database verifies', v.ok && v.events === 100_000, v.text);
  log(`read back and verified in ${ms.toFixed(0)} ms`);
  return { 'audit.chainVerifyDb100kMs': Math.round(ms) };
}

async function main() {
  const d = await openDatabase({ dataDir: 'memory://', log: () => undefined });
  try {
    const results = { ...(await measureZip(d)), ...(await measureChainDb(d)) };
    writeFileSync(join(import.meta.dirname, 'results-audit.json'), JSON.stringify({ at: new Date().toISOString(), results }, null, 2));
    console.info(JSON.stringify(results, null, 2));
  } finally {
    await d.close();
  }
}

if (process.argv[1]?.endsWith('audit.ts')) {
  main().then(
    () => process.exit(0),
    (e: unknown) => {
      console.error(e);
      process.exit(1);
    },
  );
}
