/**
 * The jobs a running worker ran in each of its rounds, in order (0: a round that found nothing): the
 * worker tests tell a round started by a notice or a round that ran jobs from one started by the poll.
 */
import type { Worker } from '../../server/jobs/worker';

export function countRounds(w: Worker): number[] {
  const rounds: number[] = [];
  const tick = w.tick.bind(w);
  w.tick = async () => {
    const n = await tick();
    rounds.push(n);
    return n;
  };
  return rounds;
}
