import type { FastifyInstance } from 'fastify';
import {
  CONTENT_FILE_MAX_BYTES,
  exportOperatorContent,
  getOperatorSettings,
  importOperatorContent,
  putOperatorSettings,
} from '../../../common/contract/operator';
import type { AppDeps } from '../../app-deps';
import { readBrandSettings, saveBrandSettings } from '../../core/brand-settings';
import { registerEndpoint } from '../../lib/register-endpoint';
import { exportContent, importContent } from './content-transfer';

/**
 * The operator's API: changes settings and content of a running deployment (the operator's command-line tool
 * calls it). It exists only when OPERATOR_TOKEN is set, and every call must carry that token.
 */
export function registerOperatorRoutes(app: FastifyInstance, deps: AppDeps) {
  if (!deps.config.operatorToken) return;
  registerEndpoint(app, getOperatorSettings, async () => readBrandSettings(deps.db));
  registerEndpoint(app, putOperatorSettings, async (request) =>
    saveBrandSettings(deps.db, deps.cache, request.body),
  );
  registerEndpoint(app, exportOperatorContent, async () => exportContent(deps.db));
  registerEndpoint(
    app,
    importOperatorContent,
    async (request) => ({ imported: await importContent(deps.db, deps.cache, request.body) }),
    { bodyLimit: CONTENT_FILE_MAX_BYTES },
  );
}
