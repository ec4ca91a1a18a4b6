import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { z } from 'zod';
import type { Endpoint, EndpointAuth, EndpointSchemas } from '../../common/contract/endpoint';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Who may call the route (from the contract); 'user' routes are checked before validation. */
    auth?: EndpointAuth;
  }
}

type Out<T> = T extends z.ZodType ? z.output<T> : undefined;

export type EndpointRequest<S extends EndpointSchemas> = FastifyRequest<{
  Params: Out<S['params']>;
  Querystring: Out<S['query']>;
  Body: Out<S['body']>;
}>;

export type EndpointHandler<S extends EndpointSchemas> = (
  request: EndpointRequest<S>,
  reply: FastifyReply,
) => Promise<z.output<S['response']> | FastifyReply>;

/**
 * Registers the route of a contract endpoint: its schemas validate the input, shape the response (fields a row
 * should not leak are stripped) and describe it in the OpenAPI document.
 */
export function registerEndpoint<S extends EndpointSchemas>(
  app: FastifyInstance,
  endpoint: Endpoint<Endpoint['method'], string, S>,
  handler: EndpointHandler<S>,
) {
  const { schemas } = endpoint;
  app.withTypeProvider<ZodTypeProvider>().route({
    method: endpoint.method,
    url: endpoint.path,
    schema: {
      summary: endpoint.summary,
      tags: [endpoint.tag],
      ...(schemas.params && { params: schemas.params }),
      ...(schemas.query && { querystring: schemas.query }),
      ...(schemas.body && { body: schemas.body }),
      response: { 200: schemas.response },
      ...(endpoint.auth === 'user' && { security: [{ bearer: [] }] }),
      ...(endpoint.auth === 'till' && { security: [{ tillKey: [] }, { tillApiKey: [] }] }),
    },
    config: { auth: endpoint.auth },
    handler: handler as never,
  });
}
