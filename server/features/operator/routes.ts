import type { FastifyInstance } from 'fastify';
import {
  CONTENT_FILE_MAX_BYTES,
  exportOperatorContent,
  getOperatorSettings,
  importOperatorContent,
  putOperatorSettings,
} from '#common/contract/operator';
import type { AppDeps } from '#server/app-deps';
import { auditActorOf, recordAudit } from '#server/core/audit';
import { readBrandSettings, saveBrandSettings } from '#server/core/brand-settings';
import { keepEarnLimits } from '#server/core/earn/earn-limits';
import { checkGatewayMode, keepFiscalSettings } from '#server/core/fiscal/fiscal-settings-guard';
import { registerEndpoint } from '#server/lib/register-endpoint';
import { exportContent, importContent } from './content-transfer';
import { registerContentRoutes } from './content-routes';

/**
 * The operator's API: changes settings and content of a running deployment (the operator's command-line tool
 * calls it with OPERATOR_TOKEN; the console with a staff session whose role holds the endpoint's permission).
 * Every change writes its audit row in its own transaction (decision 026).
 */
export function registerOperatorRoutes(app: FastifyInstance, deps: AppDeps) {
  registerEndpoint(app, getOperatorSettings, async () => readBrandSettings(deps.db));
  registerEndpoint(app, putOperatorSettings, async (request) => {
    const before = await readBrandSettings(deps.db);
    const actor = auditActorOf(request);
    // The owner's earn limits (decision 046) and fiscal settings (decision 070) are not the marketer's to change.
    const input = keepFiscalSettings(
      actor.caller,
      keepEarnLimits(actor.caller, request.body, before),
      before,
    );
    checkGatewayMode(input, deps.acquirer.name, deps.config.isProduction);
    return saveBrandSettings(deps.db, deps.cache, input, (tx, after) =>
      recordAudit(tx, actor, {
        action: 'settings.update',
        entity: 'settings',
        before,
        after,
      }),
    );
  });
  registerEndpoint(app, exportOperatorContent, async () => exportContent(deps.db));
  registerEndpoint(
    app,
    importOperatorContent,
    async (request) => ({
      // The file is too big for the log (pictures in base64): the row keeps what was imported.
      imported: await importContent(deps.db, deps.cache, await withStoredLimits(request), (tx, imported) =>
        recordAudit(tx, auditActorOf(request), {
          action: 'content.import',
          entity: 'content',
          after: imported,
        }),
      ),
    }),
    { bodyLimit: CONTENT_FILE_MAX_BYTES },
  );
  registerContentRoutes(app, deps);

  /** A content file's settings keep the stored earn limits unless the caller may change them (decision 046). */
  async function withStoredLimits(request: Parameters<typeof auditActorOf>[0] & { body: unknown }) {
    const body = request.body;
    if (typeof body !== 'object' || body === null || !('settings' in body)) return body;
    const stored = await readBrandSettings(deps.db).catch(() => null);
    const { caller } = auditActorOf(request);
    return {
      ...body,
      settings: keepFiscalSettings(caller, keepEarnLimits(caller, body.settings, stored), stored),
    };
  }
}
