import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { z } from 'zod';
import type { Endpoint, EndpointAuth, EndpointSchemas } from '#common/contract/endpoint';
import type { Permission } from '#common/contract/permissions';
import type { CallerOf } from './callers';
import { declaredErrors } from './declared-errors';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Who may call the route (from the contract); the caller is checked before the input is validated. */
    auth?: EndpointAuth;
    /** What an operator endpoint asks of its caller (the contract's `permission`). */
    permission?: Permission;
    /** A temporary payer may call it (the contract's `temporaryPayer`). */
    temporaryPayer?: true;
  }
}

type Out<T> = T extends z.ZodType ? z.output<T> : undefined;

/** A request of the endpoint: its parsed input, and its caller (the customer, the till, the operator). */
export type EndpointRequest<
  S extends EndpointSchemas,
  A extends EndpointAuth = EndpointAuth,
> = FastifyRequest<{
  Params: Out<S['params']>;
  Querystring: Out<S['query']>;
  Body: Out<S['body']>;
}> &
  CallerOf<A>;

export type EndpointHandler<S extends EndpointSchemas, A extends EndpointAuth = EndpointAuth> = (
  request: EndpointRequest<S, A>,
  reply: FastifyReply,
) => Promise<z.output<S['response']> | FastifyReply>;

/**
 * Registers the route of a contract endpoint: its schemas validate the input, shape the response (fields a row
 * should not leak are stripped) and describe it in the OpenAPI document. The caller the contract names is
 * checked by the app's hooks (server/authenticate-callers.ts) before the handler runs, which finds it on
 * `request.user`, `request.till` or `request.operator`.
 */
export function registerEndpoint<S extends EndpointSchemas, A extends EndpointAuth>(
  app: FastifyInstance,
  endpoint: Endpoint<Endpoint['method'], string, S, A>,
  handler: EndpointHandler<S, A>,
  /** Route options beyond the contract: a larger body limit for the few endpoints that take files. */
  options: { bodyLimit?: number } = {},
) {
  const { schemas } = endpoint;
  if (endpoint.auth === 'operator' && !endpoint.permission) {
    throw new Error(`${endpoint.method} ${endpoint.path}: an operator endpoint names its permission`);
  }
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
      ...(SECURITY[endpoint.auth] && { security: SECURITY[endpoint.auth] }),
    },
    config: {
      auth: endpoint.auth,
      permission: endpoint.permission,
      temporaryPayer: endpoint.temporaryPayer,
      errors: declaredErrors(endpoint),
    },
    ...options,
    handler: handler as never,
  });
}

/** The OpenAPI security requirement of each caller (the schemes are declared in server/app.ts). */
const SECURITY: Partial<Record<EndpointAuth, Record<string, string[]>[]>> = {
  user: [{ bearer: [] }],
  optional: [{}, { bearer: [] }],
  till: [{ tillKey: [] }, { tillApiKey: [] }],
  operator: [{ operatorToken: [] }, { staffSession: [] }],
};
