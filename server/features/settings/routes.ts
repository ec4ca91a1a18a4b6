import type { FastifyInstance } from 'fastify';
import { getHeader } from '#common/contract/header';
import type { AppDeps } from '#server/app-deps';
import { sendWithEtag } from '#server/lib/http-cache';
import { registerEndpoint } from '#server/lib/register-endpoint';
import { composeHeaderBody, getHeaderBase, peekHeaderBase } from './service';

/** Referrer ids are short opaque tokens; anything else in the cookie is ignored. */
const REFERER_ID = /^[A-Za-z0-9_-]{1,64}$/;

export function registerSettingsRoutes(app: FastifyInstance, deps: AppDeps) {
  registerEndpoint(app, getHeader, async (request, reply) => {
    const base = peekHeaderBase(deps.cache) ?? (await getHeaderBase(deps.db, deps.cache));
    const cookie = request.cookies.referer;
    const refererId = cookie && REFERER_ID.test(cookie) ? cookie : null;
    const isLogged = request.user !== null;
    const { body, etag } =
      isLogged || refererId ? composeHeaderBody(base, isLogged, refererId) : base.anonymous;
    reply.header('vary', 'Authorization, Cookie');
    return sendWithEtag(request, reply, body, etag, 'application/json; charset=utf-8');
  });
}
