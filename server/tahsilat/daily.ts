/** The daily reminder proposal: one job per Istanbul day (a unique key), from 07:00, on the shared jobs table. */
import { enqueue } from '../jobs/queue';
import type { MutCtx } from '../mutabakat/context';
import { todayIso } from '../../src/domain/dates';
import { proposeReminders } from './reminders';

export async function scheduleDailyProposal(ctx: MutCtx): Promise<void> {
  const now = ctx.now();
  const day = todayIso(now);
  const at = new Date(`${day}T07:00:00+03:00`);
  await enqueue(ctx.db, 'tahsilat_propose', { day }, at > now ? at : now, `tahsilat-propose:${day}`);
}

export async function dailyProposal(ctx: MutCtx): Promise<void> {
  if (ctx.transport.mode === 'disabled') return;
  const list = await proposeReminders(ctx);
  ctx.log(`tahsilat: ${list.filter((p) => p.state === 'proposed').length} hatırlatma önerildi`);
}
