import type { FastifyInstance } from 'fastify';

// What a suite that walks every route needs to find them: the site's page paths from its route table and the
// routes Fastify has registered.

/** A route of the site's table (web/lib/router/route-table.ts), as far as this needs it. */
export interface RouteNode {
  path: string;
}

/** Every page path of the route table, with `:params` and `*` as written (the console's optional `*?` as `*`). */
export function pagePatterns(routes: RouteNode[]): string[] {
  return routes.map((route) => route.path.replace(/\*\?$/, '*'));
}

export interface RegisteredRoute {
  method: string;
  path: string;
}

/**
 * Every method and path Fastify has registered, read from its route tree. (The tree printed with the common
 * prefixes: with `commonPrefix: false` find-my-way prints every wildcard route as a bare `*`, so `/assets/*`
 * and `/*` collide and one is lost.)
 */
export function registeredRoutes(app: FastifyInstance): RegisteredRoute[] {
  const routes: RegisteredRoute[] = [];
  const stack: string[] = [];
  for (const line of app.printRoutes().split('\n')) {
    const match = /^((?:[│ ] {3})*)[├└]── (\S+)(?: \(([^)]*)\))?$/.exec(line);
    if (!match) continue;
    const depth = match[1]!.length / 4;
    stack.length = depth;
    // A position two routes name differently prints as `:a|:b`; the first name stands for both.
    const segment = match[2]!.replace(/(:\w+)(\|:\w+)+/g, '$1');
    const path = `${stack.join('')}${segment}`;
    stack.push(segment);
    for (const method of (match[3] ?? '').split(',').map((m) => m.trim())) {
      if (method) routes.push({ method, path });
    }
  }
  return routes;
}
