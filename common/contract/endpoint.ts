import type { z } from 'zod';
import type { ErrorCode } from './codes';
import type { Permission } from './permissions';

/** HTTP methods the contract uses. */
export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/**
 * Who may call an endpoint: anyone, anyone (the user is read when a token is sent), a logged-in user, a
 * retail point's till (its API key), or the programme's operator.
 */
export type EndpointAuth = 'public' | 'optional' | 'user' | 'till' | 'operator';

export interface EndpointSchemas {
  params?: z.ZodType;
  query?: z.ZodType;
  body?: z.ZodType;
  response: z.ZodType;
}

/**
 * One call of the spec's section 7, declared once: the server registers its route from it and the web
 * client addresses it by its key `'METHOD /path'` (types only, so zod never reaches the browser).
 */
export interface Endpoint<
  M extends HttpMethod = HttpMethod,
  P extends string = string,
  S extends EndpointSchemas = EndpointSchemas,
  A extends EndpointAuth = EndpointAuth,
> {
  method: M;
  path: P;
  summary: string;
  tag: string;
  auth: A;
  schemas: S;
  /**
   * The error codes of this endpoint's own rules (codes.ts), most common first; `[]` when it has none. Those
   * any endpoint of its kind may answer are added by the server (server/lib/declared-errors.ts: VALIDATION,
   * BAD_REQUEST for a body, INVALID_TOKEN for a customer's, UNAVAILABLE, ...), so a client and the OpenAPI
   * document see every code the endpoint answers. Tests and end-to-end runs turn an undeclared code into a 500.
   */
  errors?: readonly ErrorCode[];
  /**
   * What an operator endpoint (`auth: 'operator'`) asks of its caller (common/contract/permissions.ts): the
   * operator's token holds every permission, a staff session those of its role. Required for operator
   * endpoints (registerEndpoint refuses one without it).
   */
  permission?: Permission;
  /**
   * A customer endpoint (`auth: 'user'`) a temporary payer (`/api/loyalty/createUser`: no phone) may call: paying
   * at a point and buying a gift card. Every other customer call is bound to a phone and answers the
   * placeholder `403 PHONE_LOGIN_REQUIRED` before its input is read (decision 009, 048).
   */
  temporaryPayer?: true;
}

export function defineEndpoint<
  const M extends HttpMethod,
  const P extends string,
  const S extends EndpointSchemas,
  const A extends EndpointAuth,
>(endpoint: Endpoint<M, P, S, A>): Endpoint<M, P, S, A> {
  return endpoint;
}

export type EndpointKey<E> = E extends Endpoint<infer M, infer P, EndpointSchemas> ? `${M} ${P}` : never;

type InputPart<K extends string, T> = T extends z.ZodType ? { [P in K]: z.input<T> } : { [P in K]?: never };

/** What a caller sends: path params, query and body, each only when the endpoint declares it. */
export type EndpointInput<E extends Endpoint> = InputPart<'params', E['schemas']['params']> &
  InputPart<'query', E['schemas']['query']> &
  InputPart<'body', E['schemas']['body']>;

/** What a caller receives (after the server's response schema has shaped it). */
export type EndpointOutput<E extends Endpoint> = z.output<E['schemas']['response']>;

/** The shape of every 4xx/5xx body: a message a person can read and a stable code to branch on. */
export interface ApiErrorBody {
  message: string;
  code: ErrorCode;
  fields?: Record<string, string>;
  retryAfter?: number;
}
