import fastifyCookie from '@fastify/cookie';
import fastifySwagger from '@fastify/swagger';
import Fastify, { type FastifyInstance, type FastifyServerOptions } from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import type { AppDeps } from './app-deps';
import { registerCallerChecks } from './authenticate-callers';
import { registerApiDocsUi } from './features/api-docs/routes';
import { registerAccountRoutes } from './features/account/routes';
import { registerAuthRoutes } from './features/auth/routes';
import { registerBindingRoutes } from './features/bindings/routes';
import { registerCabinetRoutes } from './features/cabinet/routes';
import { registerCatalogueRoutes } from './features/catalogue/routes';
import { registerCouponRoutes } from './features/coupons/routes';
import { registerSegmentRoutes } from './features/segments/routes';
import { registerWebhookRoutes } from './features/webhooks/routes';
import { registerMessageRoutes } from './features/messages/routes';
import { registerDevRoutes } from './features/dev/routes';
import { registerDocumentRoutes } from './features/documents/routes';
import { registerFaqRoutes } from './features/faq/routes';
import { registerFeedbackRoutes } from './features/feedback/routes';
import { registerGiftCardRoutes } from './features/gift-cards/routes';
import { registerFiscalRoutes } from './features/fiscal/routes';
import { registerHealthRoutes } from './features/health/routes';
import { registerMapRoutes } from './features/map/routes';
import { registerMemberRoutes } from './features/members/routes';
import { registerMarketingConsentRoutes } from './features/marketing-consent/routes';
import { registerPushRoutes } from './features/push/routes';
import { registerReportRoutes } from './features/reports/routes';
import { registerReceiptRoutes } from './features/receipts/routes';
import { registerNewsRoutes } from './features/news/routes';
import { registerOperatorRoutes } from './features/operator/routes';
import { registerPaymentRoutes } from './features/payments/routes';
import { registerPictureRoutes } from './features/pictures/routes';
import { registerPointRoutes } from './features/points/routes';
import { registerProgrammeRoutes } from './features/programme/routes';
import { registerSbpRoutes } from './features/sbp/routes';
import { registerSettingsRoutes } from './features/settings/routes';
import { registerSiteRoutes } from './features/site/routes';
import { registerStaffRoutes } from './features/staff/routes';
import { registerTillRoutes } from './features/till/routes';
import type { SiteBundle } from './features/site/site-renderer';
import { withDeclaredErrors } from './lib/declared-errors';
import { registerErrorHandlers } from './lib/error-handler';
import { loggerOptions } from './lib/logger';
import { rejectNul } from './lib/reject-nul';
import { answerFrameworkError, answerClientError, registerSecurityHeaders } from './lib/security-headers';

export interface BuildAppOptions {
  /** The built site; API tests leave it out. */
  site?: SiteBundle | null;
  /** Pino options; tests pass false. */
  logger?: boolean;
}

/** Builds the whole application (API, site, docs) without listening, so tests drive it with inject. */
export async function buildApp(deps: AppDeps, options: BuildAppOptions = {}): Promise<FastifyInstance> {
  const serverOptions: FastifyServerOptions = {
    logger: options.logger === false ? false : loggerOptions(deps.config.logLevel),
    // A hop count is valid for Fastify (proxy-addr) though its types list only the other forms.
    trustProxy: deps.config.trustProxy as FastifyServerOptions['trustProxy'],
    bodyLimit: 1024 * 1024,
    // A phone number or an id never needs more; longer URLs are refused before routing.
    routerOptions: { maxParamLength: 200 },
    // A malformed or over-long URL is answered by Fastify before any hook: it gets the headers here.
    frameworkErrors: answerFrameworkError,
    // What Node's parser refuses before Fastify (headers too large: 431) gets them too (decision 047).
    clientErrorHandler: answerClientError,
  };
  const app = Fastify(serverOptions);
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  registerErrorHandlers(app, { strictErrorCodes: deps.config.env === 'test' });
  registerSecurityHeaders(app, {
    embedOrigins: deps.config.embedOrigins,
    imageOrigins: [deps.config.mapTileOrigin],
    scriptOrigins: deps.config.floorsWidgetOrigin ? [deps.config.floorsWidgetOrigin] : [],
  });
  await app.register(fastifyCookie);
  await app.register(fastifySwagger, {
    openapi: {
      info: { title: 'Kopilka API', version: '1', description: 'The loyalty site calls (spec section 7)' },
      components: {
        securitySchemes: {
          bearer: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' },
          // A retail point's till (docs/decisions/015): its API key as a bearer token or in X-Api-Key.
          tillKey: { type: 'http', scheme: 'bearer', bearerFormat: 'till API key' },
          tillApiKey: { type: 'apiKey', in: 'header', name: 'X-Api-Key' },
          // The programme's operator: OPERATOR_TOKEN, for the command-line tool and automation.
          operatorToken: { type: 'http', scheme: 'bearer', bearerFormat: 'OPERATOR_TOKEN' },
          // A staff member's console session (decision 026): the cookie, and x-csrf-token on changes.
          staffSession: { type: 'apiKey', in: 'cookie', name: 'kopilka_staff' },
        },
      },
    },
    transform: withDeclaredErrors,
  });

  // Every endpoint checks its caller before its input: a caller without credentials learns nothing about it.
  registerCallerChecks(app, deps);
  app.addHook('preValidation', rejectNul);

  registerHealthRoutes(app, deps);
  registerSettingsRoutes(app, deps);
  registerPictureRoutes(app, deps);
  registerDocumentRoutes(app, deps);
  registerFaqRoutes(app, deps);
  registerNewsRoutes(app, deps);
  registerPointRoutes(app, deps);
  registerMapRoutes(app, deps);
  registerSbpRoutes(app, deps);
  registerFeedbackRoutes(app, deps);
  registerOperatorRoutes(app, deps);
  registerProgrammeRoutes(app, deps);
  registerCatalogueRoutes(app, deps);
  registerCouponRoutes(app, deps);
  registerWebhookRoutes(app, deps);
  registerSegmentRoutes(app, deps);
  registerMessageRoutes(app, deps);
  registerStaffRoutes(app, deps);
  registerMemberRoutes(app, deps);
  registerMarketingConsentRoutes(app, deps);
  registerPushRoutes(app, deps);
  registerReportRoutes(app, deps);
  registerReceiptRoutes(app, deps);
  registerAuthRoutes(app, deps);
  registerCabinetRoutes(app, deps);
  registerPaymentRoutes(app, deps);
  registerBindingRoutes(app, deps);
  registerAccountRoutes(app, deps);
  registerTillRoutes(app, deps);
  registerGiftCardRoutes(app, deps);
  registerFiscalRoutes(app, deps);
  registerDevRoutes(app, deps);
  app.get('/api/docs', { schema: { hide: true } }, async () => app.swagger());
  await registerApiDocsUi(app);

  app.setNotFoundHandler((request, reply) =>
    reply.code(404).send({
      message: `Нет такого адреса: ${request.method} ${request.url.split('?')[0]}`,
      code: 'NOT_FOUND',
    }),
  );
  if (options.site) await registerSiteRoutes(app, deps, options.site);
  return app;
}
