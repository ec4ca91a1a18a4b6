import { lt, or } from 'drizzle-orm';
import type { AppDeps } from '#server/app-deps';
import { deleteBatch } from '#server/db/delete-batch';
import { staffSessions } from '#server/db/schema/staff';
import { startIntervalJob } from '#server/lib/interval-job';

/** How long an ended staff session's row stays (who logged in from where, for an investigation). */
export const STAFF_SESSION_KEEP_DAYS = 30;
const BATCH = 1000;

/**
 * Deletes staff sessions dead for `STAFF_SESSION_KEEP_DAYS` (docs/decisions/033): ended, past their absolute
 * lifetime, or unseen that long (the idle limit is 30 minutes), 1,000 a run. Nothing references the rows (the
 * audit log names the person, not the session), and a second instance deleting the same rows deletes nothing.
 */
export function purgeEndedStaffSessions(deps: Pick<AppDeps, 'db' | 'clock'>): Promise<number> {
  const cutoff = new Date(deps.clock.now().getTime() - STAFF_SESSION_KEEP_DAYS * 86_400_000);
  const dead = or(
    lt(staffSessions.endedAt, cutoff),
    lt(staffSessions.expiresAt, cutoff),
    lt(staffSessions.lastSeenAt, cutoff),
  );
  return deleteBatch(deps.db, staffSessions, staffSessions.id, dead, BATCH);
}

/** The purge every `intervalMs` in this process (the first worker of each instance, like the other jobs). */
export function startStaffSessionPurgeJob(
  deps: Pick<AppDeps, 'db' | 'clock'>,
  options: { intervalMs: number; onError: (error: unknown) => void },
) {
  return startIntervalJob(() => purgeEndedStaffSessions(deps), options);
}
