import fastifySwaggerUi from '@fastify/swagger-ui';
import type { FastifyInstance } from 'fastify';

/** Where the browsable documentation lives; its CSP is chosen by this prefix (server/lib/security-headers.ts). */
export const API_DOCS_UI_PREFIX = '/api/docs/ui';

/**
 * The OpenAPI document at /api/docs, browsable in Swagger UI at /api/docs/ui (docs/decisions/024). Its
 * scripts, styles and icons are served from node_modules (@fastify/swagger-ui ships swagger-ui-dist): the page
 * loads nothing from elsewhere and runs no inline script. The plain layout: the document's title, its servers
 * and authorisations, the endpoints by tag with their examples; no bar for loading another document.
 */
export async function registerApiDocsUi(app: FastifyInstance) {
  await app.register(fastifySwaggerUi, {
    routePrefix: API_DOCS_UI_PREFIX,
    theme: { title: 'Kopilka API' },
    // Never ask an outside validator about the document (the page may call its own origin only).
    validatorUrl: false,
    uiConfig: {
      layout: 'BaseLayout',
      // Also what lets `#/till` reach a section: past 150 rows (tags and operations) Swagger UI renders only
      // the rows near the viewport (decision 024, Consequences).
      deepLinking: true,
      docExpansion: 'list',
      defaultModelsExpandDepth: 0,
      displayRequestDuration: true,
      tryItOutEnabled: false,
    },
  });
}
