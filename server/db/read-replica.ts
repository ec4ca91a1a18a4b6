import type pg from 'pg';
import { isDatabaseUnavailable } from './availability';

/**
 * Reads sent to a streaming replica (issue 32, decision 074): the pool of `DATABASE_READ_URL` answers the
 * queries of the reads that may be a moment old (reports, the cabinet's history, the console's receipts), and
 * falls back to the primary's pool when the replica is away or lags. A query the replica fails to answer for
 * being away (refused, cut, shutting down) is asked of the primary at once, so stopping the replica mid-run
 * costs no request; a probe looks at it again every `probeMs`.
 *
 * Only plain queries go through it: a transaction on the read database would run on the replica, which refuses
 * writes, so the code never opens one there (`Database.readDb` says so).
 */

export interface ReplicaOptions {
  /** Past this lag behind the primary the replica is not asked (its answers would be too old). */
  maxLagMs: number;
  /** How often the replica's health and lag are measured. */
  probeMs: number;
}

export interface ReplicaRouting {
  /** Where reads go now. */
  target(): 'replica' | 'primary';
  stop(): void;
}

/** Lag in milliseconds: 0 when all received WAL is replayed (an idle primary), or on a server that is no replica. */
const LAG_QUERY = `select case
  when not pg_is_in_recovery() then 0
  when pg_last_wal_receive_lsn() = pg_last_wal_replay_lsn() then 0
  else coalesce(extract(epoch from now() - pg_last_xact_replay_timestamp()) * 1000, 0) end::float8 as lag_ms`;

type Query = pg.Pool['query'];

/** A standby cancels a read whose rows its replay must remove (SQLSTATE 40001): the primary answers it. */
const isRecoveryConflict = (error: unknown) => (error as { code?: unknown } | null)?.code === '40001';

export function routeReadsToReplica(
  replica: pg.Pool,
  primary: pg.Pool,
  options: ReplicaOptions,
): ReplicaRouting {
  const askReplica = replica.query.bind(replica) as (...args: unknown[]) => Promise<unknown>;
  const askPrimary = primary.query.bind(primary) as (...args: unknown[]) => Promise<unknown>;
  let healthy = false;

  const probe = async () => {
    try {
      const result = (await askReplica(LAG_QUERY)) as { rows: Array<{ lag_ms: number }> };
      healthy = Number(result.rows[0]!.lag_ms) <= options.maxLagMs;
    } catch {
      healthy = false;
    }
  };
  const timer = setInterval(() => void probe(), options.probeMs);
  timer.unref();
  void probe();

  replica.query = (async (...args: unknown[]) => {
    if (!healthy) return askPrimary(...args);
    try {
      return await askReplica(...args);
    } catch (error) {
      if (!isDatabaseUnavailable(error) && !isRecoveryConflict(error)) throw error;
      healthy = false;
      return askPrimary(...args);
    }
  }) as Query;

  return {
    target: () => (healthy ? 'replica' : 'primary'),
    stop: () => clearInterval(timer),
  };
}
