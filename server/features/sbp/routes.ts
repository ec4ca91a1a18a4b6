import type { FastifyInstance } from 'fastify';
import { getSbpBanks, type SbpBankDirectory } from '#common/contract/sbp';
import type { AppDeps } from '#server/app-deps';
import { sendCachedJson, toCachedJson, type CachedJson } from '#server/lib/cached-json';
import { registerEndpoint } from '#server/lib/register-endpoint';

/** GET /api/sbp/banks: the bank picker's directory, serialised once per directory it changes to. */
export function registerSbpRoutes(app: FastifyInstance, deps: AppDeps) {
  let last: { source: SbpBankDirectory; body: CachedJson } | null = null;
  registerEndpoint(app, getSbpBanks, async (request, reply) => {
    const directory = await deps.bankDirectory.current();
    if (last?.source !== directory) {
      last = { source: directory, body: toCachedJson(getSbpBanks.schemas.response, directory) };
    }
    return sendCachedJson(request, reply, last.body);
  });
}
