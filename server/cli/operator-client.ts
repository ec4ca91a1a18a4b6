import type { Endpoint, EndpointInput, EndpointOutput } from '#common/contract/endpoint';
import { buildPath } from '#common/lib/endpoint-path';

/** Calls the operator API of a running deployment, typed by the contract's endpoints. */
export interface OperatorClient {
  call<E extends Endpoint>(endpoint: E, input?: EndpointInput<E>): Promise<EndpointOutput<E>>;
}

/** A refused call: the server's message, prefixed with the HTTP status, is what the operator reads. */
export class OperatorCallError extends Error {}

export function createOperatorClient(baseUrl: string, token: string): OperatorClient {
  return {
    async call(endpoint, input) {
      const { params, query, body } = (input ?? {}) as { params?: object; query?: object; body?: unknown };
      const path = buildPath(endpoint.path, params as never, query as never);
      const response = await fetch(`${baseUrl}${path}`, {
        method: endpoint.method,
        headers: {
          authorization: `Bearer ${token}`,
          ...(body !== undefined && { 'content-type': 'application/json' }),
        },
        ...(body !== undefined && { body: JSON.stringify(body) }),
      });
      const text = await response.text();
      if (!response.ok) {
        const message = text
          ? ((JSON.parse(text) as { message?: string }).message ?? text)
          : response.statusText;
        throw new OperatorCallError(`${response.status}: ${message}`);
      }
      return (text ? JSON.parse(text) : null) as never;
    },
  };
}
