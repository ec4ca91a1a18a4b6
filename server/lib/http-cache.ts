import type { FastifyReply, FastifyRequest } from 'fastify';

/**
 * Sends a body built in advance with its ETag. Public content is revalidated on every use (`no-cache`),
 * so a change shows at once while an unchanged body costs a 304.
 */
export function sendWithEtag(
  request: FastifyRequest,
  reply: FastifyReply,
  body: string | Buffer,
  etag: string,
  contentType: string,
  cacheControl = 'public, no-cache',
) {
  reply.header('etag', etag).header('cache-control', cacheControl);
  const ifNoneMatch = request.headers['if-none-match'];
  if (ifNoneMatch && ifNoneMatch.split(/\s*,\s*/).includes(etag)) {
    return reply.code(304).send();
  }
  return reply.type(contentType).send(body);
}
