import { readdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { Endpoint } from '#common/contract/endpoint';

const METHODS = new Set(['GET', 'POST', 'PUT', 'PATCH', 'DELETE']);

const isEndpoint = (value: unknown): value is Endpoint => {
  const e = value as Partial<Endpoint> | null;
  return (
    !!e &&
    typeof e === 'object' &&
    METHODS.has(e.method as string) &&
    typeof e.path === 'string' &&
    e.path.startsWith('/') &&
    !!e.schemas?.response
  );
};

/**
 * Every endpoint a module of common/contract exports, by its key `METHOD /path`, in the modules' name order.
 * Found at run time, so the suites that walk every endpoint (the fuzz, the security headers, the OpenAPI
 * errors) cover a new one without being told. endpoint.ts and registry.ts hold types only.
 */
export async function contractEndpoints(): Promise<Map<string, Endpoint>> {
  const dir = fileURLToPath(new URL('../../common/contract/', import.meta.url));
  const files = readdirSync(dir)
    .filter((f) => f.endsWith('.ts') && !f.endsWith('.test.ts') && f !== 'endpoint.ts' && f !== 'registry.ts')
    .sort();
  const found = new Map<string, Endpoint>();
  for (const file of files) {
    const module = (await import(`../../common/contract/${file.replace(/\.ts$/, '')}.ts`)) as Record<
      string,
      unknown
    >;
    for (const value of Object.values(module)) {
      if (isEndpoint(value)) found.set(`${value.method} ${value.path}`, value);
    }
  }
  return found;
}
