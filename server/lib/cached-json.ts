import type { FastifyReply, FastifyRequest } from 'fastify';
import type { z } from 'zod';
import { etagOf } from './content-cache';
import { sendWithEtag } from './http-cache';

/** A response body shaped by its contract schema and serialised once, with its ETag. */
export interface CachedJson {
  body: string;
  etag: string;
}

/** Shapes a value with the endpoint's response schema (stripping what should not leak) and serialises it. */
export function toCachedJson<S extends z.ZodType>(schema: S, value: z.input<S>): CachedJson {
  const body = JSON.stringify(schema.parse(value));
  return { body, etag: etagOf(body) };
}

/** Sends a pre-serialised public body: 304 when the browser has it, else the JSON text as is. */
export function sendCachedJson(request: FastifyRequest, reply: FastifyReply, cached: CachedJson) {
  return sendWithEtag(request, reply, cached.body, cached.etag, 'application/json; charset=utf-8');
}

/** Where a brand picture is served; content stores picture names, the API answers URLs. */
export const pictureUrl = (name: string) => `/api/proxy/pictures/${encodeURIComponent(name)}`;

/** Ids in paths are positive integers; anything else is simply not found. */
export function parseId(raw: string): number | null {
  if (!/^[1-9]\d{0,8}$/.test(raw)) return null;
  return Number(raw);
}
