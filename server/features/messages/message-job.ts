import { startIntervalJob } from '#server/lib/interval-job';
import { drainMessageQueue, MESSAGE_QUEUE, type QueueDeps } from './queue';
import { fireTriggers, startScheduled } from './triggers';

/** One run of the messages' work (decision 076): scheduled campaigns start, triggers fire, the queue drains. */
export async function runMessageJob(deps: QueueDeps): Promise<number> {
  const now = deps.clock.now();
  await startScheduled(deps.db, now);
  await fireTriggers({ db: deps.db, authSecret: deps.config.authSecret }, now);
  return drainMessageQueue(deps);
}

/**
 * Runs it every few seconds in this process, on every instance: campaigns and triggers are taken under their row
 * locks (SKIP LOCKED), messages claimed with SKIP LOCKED, so two instances never send one message.
 */
export function startMessageJob(deps: QueueDeps, options: { onError: (error: unknown) => void }) {
  return startIntervalJob(() => runMessageJob(deps), {
    intervalMs: MESSAGE_QUEUE.intervalMs,
    onError: options.onError,
  });
}
