import { startIntervalJob } from '#server/lib/interval-job';
import { deliverDueWebhooks, WEBHOOK_DELIVERY, type WebhookDeliveryDeps } from './deliver';

/**
 * Sends the due webhook deliveries every few seconds in this process (decision 073). Runs claim their rows with a
 * lease and SKIP LOCKED, so several instances never send one delivery at once; a restart leaves only claims that
 * expire.
 */
export function startWebhookDeliveryJob(
  deps: WebhookDeliveryDeps,
  options: { intervalMs?: number; onError: (error: unknown) => void },
) {
  return startIntervalJob(() => deliverDueWebhooks(deps), {
    intervalMs: options.intervalMs ?? WEBHOOK_DELIVERY.intervalMs,
    onError: options.onError,
  });
}
