import type { Clock } from '#server/core/clock';
import type { Config } from '#server/config';
import type { Db } from '#server/db/client';
import type { Acquirer } from './acquirer';
import { createRbsAcquirer } from './rbs-acquirer';
import { createSandboxAcquirer } from './sandbox-acquirer';

/**
 * The acquirer the configuration names (config has already demanded RBS_URL, RBS_USERNAME and RBS_PASSWORD
 * for `rbs`, and refused the sandbox in production unless allowed).
 */
export function createAcquirer(config: Config, deps: { db: Db; clock: Clock }): Acquirer {
  if (config.acquirer === 'rbs') {
    return createRbsAcquirer({
      baseUrl: config.rbsUrl ?? '',
      userName: config.rbsUserName ?? '',
      password: config.rbsPassword ?? '',
    });
  }
  return createSandboxAcquirer({ db: deps.db, clock: deps.clock, publicUrl: config.publicUrl });
}
