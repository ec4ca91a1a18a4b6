import type { FastifyInstance } from 'fastify';
import * as c from '#common/contract/operator-content';
import type { AppDeps } from '#server/app-deps';
import { auditActorOf, recordAudit } from '#server/core/audit';
import {
  DOCUMENT_SCHEMAS,
  readDocument,
  saveDocument,
  type DocumentName,
} from '#server/core/content-documents';
import { registerEndpoint, type EndpointRequest } from '#server/lib/register-endpoint';
import {
  COLLECTIONS,
  createItem,
  deleteItem,
  listItems,
  updateItem,
  type Collection,
  type ItemAudit,
} from './content-items';
import { deletePicture, listPictures, uploadPicture } from './picture-upload';

/** A picture's base64 body is a third larger than its bytes; a little room for the JSON around it. */
const PICTURE_BODY_LIMIT = Math.ceil((c.PICTURE_MAX_BYTES * 4) / 3) + 4096;

/**
 * The console's content screens' API (decision 032): news, FAQ, actions and points item by item, the pages,
 * pictures. Each change runs in the content cache's write (the revision bumps, the site shows it at once) with
 * its audit row (before and after) in the same transaction.
 */
export function registerContentRoutes(app: FastifyInstance, deps: AppDeps) {
  registerCollections(app, deps);
  registerDocuments(app, deps);
  registerPictures(app, deps);
}

type Endpoint = Parameters<typeof registerEndpoint>[1];

/** An item's change written to the audit log under its entity (`news.create`, `point.delete` …). */
const auditOf =
  <T>(request: EndpointRequest<never>, entity: string): ItemAudit<T> =>
  (tx, change) =>
    recordAudit(tx, auditActorOf(request), {
      action: `${entity}.${change.action}`,
      entity,
      entityId: change.id,
      before: change.before,
      after: change.after,
    });

/** News, FAQ, actions and points: each a list with create, update and delete by id. */
function registerCollections(app: FastifyInstance, { db, cache }: AppDeps) {
  const collection = <T extends { id: number }>(
    co: Collection<T>,
    endpoints: { list: Endpoint; create: Endpoint; update: Endpoint; remove: Endpoint },
  ) => {
    type Req = EndpointRequest<never> & { params: { id: number }; body: Omit<T, 'id'> };
    registerEndpoint(app, endpoints.list, async () => listItems(db, co));
    registerEndpoint(app, endpoints.create, async (request) => {
      const r = request as unknown as Req;
      return createItem(cache, co, r.body, auditOf<T>(r, co.entity));
    });
    registerEndpoint(app, endpoints.update, async (request) => {
      const r = request as unknown as Req;
      return updateItem(cache, co, r.params.id, r.body, auditOf<T>(r, co.entity));
    });
    registerEndpoint(app, endpoints.remove, async (request) => {
      const r = request as unknown as Req;
      return deleteItem(cache, co, r.params.id, auditOf<T>(r, co.entity));
    });
  };

  collection(COLLECTIONS.news, {
    list: c.listOperatorNews,
    create: c.createOperatorNews,
    update: c.updateOperatorNews,
    remove: c.deleteOperatorNews,
  });
  collection(COLLECTIONS.faq, {
    list: c.listOperatorFaq,
    create: c.createOperatorFaq,
    update: c.updateOperatorFaq,
    remove: c.deleteOperatorFaq,
  });
  collection(COLLECTIONS.actions, {
    list: c.listOperatorActions,
    create: c.createOperatorActions,
    update: c.updateOperatorActions,
    remove: c.deleteOperatorActions,
  });
  collection(COLLECTIONS.points, {
    list: c.listOperatorPoints,
    create: c.createOperatorPoints,
    update: c.updateOperatorPoints,
    remove: c.deleteOperatorPoints,
  });
}

/** The pages (rules, contacts, join, countdown, custom): read together, each saved whole. */
function registerDocuments(app: FastifyInstance, { db, cache }: AppDeps) {
  registerEndpoint(app, c.getOperatorDocuments, async () => {
    const names = Object.keys(DOCUMENT_SCHEMAS) as DocumentName[];
    const entries = await Promise.all(names.map(async (n) => [n, await readDocument(db, n)] as const));
    return Object.fromEntries(entries) as c.OperatorDocuments;
  });
  const documents = [
    ['rules', c.putOperatorRules],
    ['contacts', c.putOperatorContacts],
    ['join', c.putOperatorJoin],
    ['countdown', c.putOperatorCountdown],
    ['custom', c.putOperatorCustom],
  ] as const;
  for (const [name, endpoint] of documents) {
    registerEndpoint(app, endpoint as Endpoint, async (request) =>
      saveDocument(db, cache, name, request.body, (tx, before, after) =>
        recordAudit(tx, auditActorOf(request), {
          action: 'document.update',
          entity: 'document',
          entityId: name,
          before,
          after,
        }),
      ),
    );
  }
}

/** The brand's pictures by name: list, upload or replace, delete. */
function registerPictures(app: FastifyInstance, { db, cache }: AppDeps) {
  registerEndpoint(app, c.listOperatorPictures, async () => listPictures(db));
  registerEndpoint(
    app,
    c.putOperatorPicture,
    async (request) =>
      uploadPicture(
        cache,
        request.params.name,
        request.body.contentType,
        request.body.data,
        (tx, before, after) =>
          recordAudit(tx, auditActorOf(request), {
            action: before ? 'picture.replace' : 'picture.upload',
            entity: 'picture',
            entityId: request.params.name,
            // The bytes stay out of the log: their type and size say what changed.
            before,
            after,
          }),
      ),
    { bodyLimit: PICTURE_BODY_LIMIT },
  );
  registerEndpoint(app, c.deleteOperatorPicture, async (request) =>
    deletePicture(cache, request.params.name, (tx, before) =>
      recordAudit(tx, auditActorOf(request), {
        action: 'picture.delete',
        entity: 'picture',
        entityId: request.params.name,
        before,
      }),
    ),
  );
}
