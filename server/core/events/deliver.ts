import { sql } from 'drizzle-orm';
import type { Clock } from '#server/core/clock';
import type { Db } from '#server/db/client';
import { checkEndpointUrl, type ResolveHost } from './endpoint-url';
import { retryDelayMs } from './retry';
import { pinnedPost } from './pinned-post';
import { SIGNATURE_HEADER, signatureHeader } from './signature';

/** How the delivery job runs (decision 073). */
export const WEBHOOK_DELIVERY = {
  intervalMs: 5_000,
  leaseMs: 60_000,
  timeoutMs: 10_000,
  batch: 20,
} as const;

export interface WebhookDeliveryDeps {
  db: Db;
  clock: Clock;
  /**
   * Production: every delivery's host is resolved and checked again, and the connection goes to the addresses
   * checked (DNS rebinding: decision 079).
   */
  production: boolean;
  resolve?: ResolveHost;
  fetch?: typeof fetch;
}

interface Claimed {
  id: string;
  event_id: string;
  type: string;
  payload: Record<string, unknown>;
  event_created_at: string | Date;
  url: string;
  secret: string;
  attempts: number;
  give_up_at: string | Date;
}

interface Outcome {
  ok: boolean;
  statusCode: number | null;
  error: string | null;
  ms: number;
}

const rowsOf = <T>(result: unknown): T[] => (result as { rows: T[] }).rows;
const iso = (value: string | Date) => new Date(value).toISOString();

/**
 * Claims the due deliveries no one holds: pending, due, the endpoint active, the lease free, and **no earlier
 * pending delivery of the same member to the same endpoint** (a member's later event waits for the earlier
 * one). `FOR UPDATE SKIP LOCKED` and the lease in `claimed_at` keep two instances off the same row.
 */
async function claimDue(deps: WebhookDeliveryDeps, now: Date, batch: number): Promise<Claimed[]> {
  const nowIso = now.toISOString();
  const leaseStart = new Date(now.getTime() - WEBHOOK_DELIVERY.leaseMs).toISOString();
  return rowsOf<Claimed>(
    await deps.db.execute(sql`
      with claimed as (
        update webhook_deliveries d
        set claimed_at = ${nowIso}::timestamptz, attempts = d.attempts + 1
        where d.id in (
          select d1.id from webhook_deliveries d1
          join webhook_endpoints e on e.id = d1.endpoint_id and e.active
          where d1.status = 'pending'
            and d1.next_attempt_at <= ${nowIso}::timestamptz
            and (d1.claimed_at is null or d1.claimed_at < ${leaseStart}::timestamptz)
            and (d1.member_id is null or not exists (
              select 1 from webhook_deliveries d0
              where d0.endpoint_id = d1.endpoint_id and d0.member_id = d1.member_id
                and d0.status = 'pending'
                and (d0.event_created_at, d0.seq) < (d1.event_created_at, d1.seq)))
          order by d1.next_attempt_at, d1.seq
          limit ${batch}
          for update of d1 skip locked
        )
        returning d.id, d.event_id, d.endpoint_id, d.attempts, d.give_up_at
      )
      select c.id, c.event_id, c.attempts, c.give_up_at, ev.type, ev.payload,
        ev.created_at as event_created_at, e.url, e.secret
      from claimed c
      join webhook_events ev on ev.id = c.event_id
      join webhook_endpoints e on e.id = c.endpoint_id`),
  );
}

/** The body a receiver gets: the event's id, type, moment and data. */
export function envelopeOf(row: {
  event_id: string;
  type: string;
  event_created_at: string | Date;
  payload: unknown;
}) {
  return JSON.stringify({
    id: row.event_id,
    type: row.type,
    createdAt: iso(row.event_created_at),
    data: row.payload,
  });
}

/**
 * The POST itself: the test's fetch when it hands one; in production over a connection pinned to the checked
 * addresses (decision 079); outside it the built-in fetch. Redirects are never followed (a 3xx is a failure).
 */
async function postOnce(
  deps: WebhookDeliveryDeps,
  url: string,
  headers: Record<string, string>,
  body: string,
): Promise<{ status: number }> {
  const timeoutMs = WEBHOOK_DELIVERY.timeoutMs;
  if (deps.production && !deps.fetch) {
    return pinnedPost(url, { headers, body, timeoutMs, ...(deps.resolve && { resolve: deps.resolve }) });
  }
  const response = await (deps.fetch ?? fetch)(url, {
    method: 'POST',
    headers,
    body,
    redirect: 'manual',
    signal: AbortSignal.timeout(timeoutMs),
  });
  await response.body?.cancel().catch(() => undefined);
  return { status: response.status };
}

/** One POST: signed, within the timeout, redirects not followed (a 3xx is a failure). */
async function post(deps: WebhookDeliveryDeps, row: Claimed): Promise<Outcome> {
  const started = performance.now();
  const ms = () => Math.round(performance.now() - started);
  try {
    if (deps.production) await checkEndpointUrl(row.url, { production: true, resolve: deps.resolve });
    const body = envelopeOf(row);
    const headers = {
      'content-type': 'application/json',
      'user-agent': 'Kopilka-Webhooks/1',
      [SIGNATURE_HEADER]: signatureHeader(row.secret, deps.clock.now(), body),
      'kopilka-event-id': row.event_id,
      'kopilka-event-type': row.type,
    };
    const response = await postOnce(deps, row.url, headers, body);
    const ok = response.status >= 200 && response.status < 300;
    return { ok, statusCode: response.status, error: ok ? null : `HTTP ${response.status}`, ms: ms() };
  } catch (error) {
    // fetch says only "fetch failed": the cause shows why (DNS, TLS, a timeout).
    const cause = error instanceof Error && error.cause instanceof Error ? `: ${error.cause.message}` : '';
    const message = error instanceof Error ? `${error.message}${cause}` : String(error);
    return { ok: false, statusCode: null, error: message.slice(0, 500), ms: ms() };
  }
}

/** Writes an attempt's outcome, only while the claim is still this run's: delivered, retried later, or failed. */
async function record(deps: WebhookDeliveryDeps, row: Claimed, claimedAt: Date, outcome: Outcome) {
  const now = deps.clock.now();
  const next = new Date(now.getTime() + retryDelayMs(row.attempts));
  const status = outcome.ok ? 'delivered' : next > new Date(row.give_up_at) ? 'failed' : 'pending';
  await deps.db.execute(sql`
    update webhook_deliveries
    set status = ${status},
      next_attempt_at = ${status === 'pending' ? next.toISOString() : now.toISOString()}::timestamptz,
      claimed_at = null,
      last_status_code = ${outcome.statusCode},
      last_error = ${outcome.error},
      last_response_ms = ${outcome.ms},
      delivered_at = ${outcome.ok ? now.toISOString() : null}::timestamptz
    where id = ${row.id} and status = 'pending' and claimed_at = ${claimedAt.toISOString()}::timestamptz`);
}

/**
 * One run of the delivery job: claims the due deliveries, POSTs them side by side (each a different member's, or
 * no member's), records each outcome. Answers how many were delivered.
 */
export async function deliverDueWebhooks(
  deps: WebhookDeliveryDeps,
  options: { batch?: number } = {},
): Promise<number> {
  const now = deps.clock.now();
  const claimed = await claimDue(deps, now, options.batch ?? WEBHOOK_DELIVERY.batch);
  const outcomes = await Promise.all(
    claimed.map(async (row) => {
      const outcome = await post(deps, row);
      await record(deps, row, now, outcome);
      return outcome.ok;
    }),
  );
  return outcomes.filter(Boolean).length;
}
