import type { FastifyInstance } from 'fastify';
import { getMapSettings } from '#common/contract/map';
import type { AppDeps } from '#server/app-deps';
import { sendCachedJson, toCachedJson } from '#server/lib/cached-json';
import { registerEndpoint } from '#server/lib/register-endpoint';

/**
 * The map's tile server and attribution come from the configuration, not the brand settings: they are a
 * deployment's choice (and its CSP's img-src), so the body is built once when the app starts.
 */
export function registerMapRoutes(app: FastifyInstance, deps: AppDeps) {
  const body = toCachedJson(getMapSettings.schemas.response, {
    tileUrl: deps.config.mapTileUrl,
    attribution: deps.config.mapAttribution,
    floorsWidgetUrl: deps.config.floorsWidgetUrl,
  });
  registerEndpoint(app, getMapSettings, async (request, reply) => sendCachedJson(request, reply, body));
}
