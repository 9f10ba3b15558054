/** The daily reminder proposal: one job per Istanbul day (the jobs queue's dailyAt schedule), from 07:00, on the shared jobs table. */
import { dailyAt, enqueue } from '../jobs/queue';
import type { AppCtx } from '../app/context';
import { proposeReminders } from './reminders';

export const DAILY_PROPOSAL = dailyAt('tahsilat_propose', 7);

/** Enqueues today's proposal (the running server's worker does this itself from its schedules). */
export async function scheduleDailyProposal(ctx: AppCtx): Promise<void> {
  const next = DAILY_PROPOSAL.next(ctx.now());
  await enqueue(ctx.db, DAILY_PROPOSAL.kind, {}, next.runAt, next.key);
}

export async function dailyProposal(ctx: AppCtx): Promise<void> {
  if (ctx.transport.mode === 'disabled') return;
  const list = await proposeReminders(ctx);
  ctx.log(`tahsilat: ${list.filter((p) => p.state === 'proposed').length} hatırlatma önerildi`);
}
