import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { brandSettingsSchema } from '../../../common/contract/header';
import type { AppDeps } from '../../app-deps';
import { operatorGuard } from '../../lib/operator-guard';
import { readBrandSettings, saveBrandSettings } from '../../core/brand-settings';
import { exportContent, importContent } from './content-transfer';

/**
 * The operator's API: changes settings and content of a running deployment (the operator's command-line tool
 * calls it). It exists only when OPERATOR_TOKEN is set, and every call must carry that token.
 */
export function registerOperatorRoutes(app: FastifyInstance, deps: AppDeps) {
  const requireOperator = operatorGuard(deps);
  if (!requireOperator) return;

  const api = app.withTypeProvider<ZodTypeProvider>();
  api.get(
    '/api/operator/settings',
    {
      onRequest: requireOperator,
      schema: {
        summary: 'The brand settings as stored',
        tags: ['operator'],
        response: { 200: brandSettingsSchema },
      },
    },
    async () => readBrandSettings(deps.db),
  );
  api.put(
    '/api/operator/settings',
    {
      onRequest: requireOperator,
      schema: {
        summary: 'Replace the brand settings (validated; the site shows them at once)',
        tags: ['operator'],
        body: z.unknown(),
        response: { 200: brandSettingsSchema },
      },
    },
    async (request) => saveBrandSettings(deps.db, deps.cache, request.body),
  );
  api.get(
    '/api/operator/content',
    {
      onRequest: requireOperator,
      schema: {
        summary: 'The brand as one JSON document: settings, content and pictures (base64)',
        tags: ['operator'],
      },
    },
    async () => exportContent(deps.db),
  );
  api.put(
    '/api/operator/content',
    {
      onRequest: requireOperator,
      // The pictures travel inside the document as base64.
      bodyLimit: 64 * 1024 * 1024,
      schema: {
        summary: 'Replace settings, content and pictures in one transaction (validated; shown at once)',
        tags: ['operator'],
        body: z.unknown(),
      },
    },
    async (request) => ({ imported: await importContent(deps.db, deps.cache, request.body) }),
  );
}
