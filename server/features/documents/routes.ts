import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { getContacts, getCountdown, getCustom, getJoin, getRules } from '#common/contract/content';
import type { AppDeps } from '#server/app-deps';
import { sendCachedJson } from '#server/lib/cached-json';
import { registerEndpoint } from '#server/lib/register-endpoint';
import type { DocumentName } from '#server/core/content-documents';
import { getDocumentJson } from './service';

/** Rules, the custom module, contacts, join and countdown: one cached document each. */
export function registerDocumentRoutes(app: FastifyInstance, deps: AppDeps) {
  const serve = (name: DocumentName) => async (request: FastifyRequest, reply: FastifyReply) =>
    sendCachedJson(request, reply, await getDocumentJson(deps.db, deps.cache, name));
  registerEndpoint(app, getRules, serve('rules'));
  registerEndpoint(app, getCustom, serve('custom'));
  registerEndpoint(app, getContacts, serve('contacts'));
  registerEndpoint(app, getJoin, serve('join'));
  registerEndpoint(app, getCountdown, serve('countdown'));
}
