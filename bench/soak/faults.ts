// Faults injected while the storm runs: PostgreSQL restarted (fast: clients told to go; immediate: killed, crash
// recovery on start) and the app's connections cut. Each is timed until both instances are ready again.
import { call } from './http';
import type { SoakPostgres } from './postgres';

export type FaultKind = 'restart -m fast' | 'restart -m immediate' | 'pg_terminate_backend';
const ORDER: FaultKind[] = ['restart -m fast', 'pg_terminate_backend', 'restart -m immediate'];

export interface FaultResult {
  kind: FaultKind;
  atSecond: number;
  /** Connections ended (pg_terminate_backend only). */
  terminated?: number;
  /** How long the database itself was away (pg_ctl stop and start); 0 for cut connections. */
  downMs: number;
  /** From the fault's start until both instances' /readyz answered 200 again; null if they never did. */
  recoveryMs: number | null;
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

async function untilReady(bases: string[], deadline: number, alive: () => boolean): Promise<boolean> {
  const pending = new Set(bases);
  while (pending.size > 0 && Date.now() < deadline && alive()) {
    for (const base of [...pending]) {
      if ((await call(base, 'GET', '/readyz')).status === 200) pending.delete(base);
    }
    if (pending.size > 0) await sleep(50);
  }
  return pending.size === 0;
}

/** Injects `count` faults spread over [start, end) seconds of the run (cycling through the kinds). */
export async function injectFaults(options: {
  postgres: SoakPostgres;
  bases: string[];
  startedAt: number;
  count: number;
  until: number;
  stopped: () => boolean;
  /** False once an instance has exited: it will never be ready again, so waiting for it is pointless. */
  alive: () => boolean;
}): Promise<FaultResult[]> {
  const results: FaultResult[] = [];
  const span = options.until - options.startedAt;
  for (let i = 0; i < options.count && !options.stopped() && options.alive(); i++) {
    // The first fault once the storm is warm (15 %), the last with time left to recover and go on (85 %).
    const at = options.startedAt + span * (0.15 + (0.7 * i) / Math.max(1, options.count - 1));
    await sleep(Math.max(0, at - Date.now()));
    if (options.stopped()) break;
    const kind = ORDER[i % ORDER.length]!;
    const began = Date.now();
    const result: FaultResult = {
      kind,
      atSecond: Math.round((began - options.startedAt) / 1000),
      downMs: 0,
      recoveryMs: null,
    };
    if (kind === 'pg_terminate_backend') result.terminated = await options.postgres.terminateAppBackends();
    else {
      await options.postgres.restart(kind === 'restart -m fast' ? 'fast' : 'immediate');
      result.downMs = Date.now() - began;
    }
    if (await untilReady(options.bases, began + 60_000, options.alive))
      result.recoveryMs = Date.now() - began;
    results.push(result);
  }
  return results;
}
