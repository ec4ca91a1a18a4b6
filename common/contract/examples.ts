import type { z } from 'zod';

/** One named example of a request body or an answer: what the OpenAPI document and its UI offer. */
export interface Example<T> {
  /** A line naming the case, shown in the UI's list of examples. */
  summary: string;
  value: T;
}

export type Examples<T> = Record<string, Example<T>>;

/**
 * The metadata key the examples travel under: fastify-type-provider-zod copies a schema's metadata into its
 * JSON schema, and @fastify/swagger moves `x-examples` onto the media type (`content['application/json']
 * .examples` of the request body or the answer), where Swagger UI offers them by their summary.
 */
export const EXAMPLES_KEY = 'x-examples';

/** The schema of a request body with named examples of what a client sends (the schema's input). */
export function withBodyExamples<S extends z.ZodType>(schema: S, examples: Examples<z.input<S>>): S {
  return schema.meta({ [EXAMPLES_KEY]: examples });
}

/** The schema of an answer with named examples of what the server sends (the schema's output). */
export function withResponseExamples<S extends z.ZodType>(schema: S, examples: Examples<z.output<S>>): S {
  return schema.meta({ [EXAMPLES_KEY]: examples });
}

/** The examples a schema carries (none: undefined); tests check each against its schema. */
export function examplesOf(schema: z.ZodType): Examples<unknown> | undefined {
  return schema.meta()?.[EXAMPLES_KEY] as Examples<unknown> | undefined;
}
