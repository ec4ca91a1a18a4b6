import type { FastifyInstance } from 'fastify';
import {
  CATALOGUE_FILE_MAX_BYTES,
  importCatalogueCsv,
  listCatalogueCategories,
  listCatalogueItems,
  patchCatalogueCategory,
  patchCatalogueItem,
  putCatalogueBatch,
} from '#common/contract/catalogue';
import type { AppDeps } from '#server/app-deps';
import { auditActorOf, recordAudit } from '#server/core/audit';
import { registerEndpoint } from '#server/lib/register-endpoint';
import { editCategory, editItem } from './edit';
import { importCatalogueFile, loadCatalogueBatch } from './import';
import { listCategories, searchItems } from './search';

/** The file in base64 and the JSON around it. */
const IMPORT_BODY_LIMIT = Math.ceil((CATALOGUE_FILE_MAX_BYTES * 4) / 3) + 1024;
/** 5,000 rows with their barcodes in JSON. */
const BATCH_BODY_LIMIT = 16 * 1024 * 1024;

/**
 * The chain's catalogue (issue 29, decision 060): the ERP's batch and the console's CSV file load it (one audit
 * row a load, with its counts, not one an item); the console searches it and edits an item or a category.
 */
export function registerCatalogueRoutes(app: FastifyInstance, deps: AppDeps) {
  registerEndpoint(
    app,
    putCatalogueBatch,
    async (request) =>
      loadCatalogueBatch(deps.db, request.body, deps.clock.now(), (tx, counts) =>
        recordAudit(tx, auditActorOf(request), {
          action: 'catalogue.batch',
          entity: 'catalogue',
          after: counts,
        }),
      ),
    { bodyLimit: BATCH_BODY_LIMIT },
  );
  registerEndpoint(
    app,
    importCatalogueCsv,
    async (request) =>
      importCatalogueFile(deps.db, Buffer.from(request.body.data, 'base64'), deps.clock.now(), (tx, counts) =>
        recordAudit(tx, auditActorOf(request), {
          action: 'catalogue.import',
          entity: 'catalogue',
          after: counts,
        }),
      ),
    { bodyLimit: IMPORT_BODY_LIMIT },
  );
  registerEndpoint(app, listCatalogueItems, async (request) => searchItems(deps.db, request.query));
  registerEndpoint(app, listCatalogueCategories, async () => listCategories(deps.db));
  registerEndpoint(app, patchCatalogueItem, async (request) =>
    editItem(deps.db, request.params.sku, request.body, deps.clock.now(), (tx, before, after) =>
      recordAudit(tx, auditActorOf(request), {
        action: 'catalogue.item-update',
        entity: 'catalogue-item',
        entityId: request.params.sku,
        before,
        after,
      }),
    ),
  );
  registerEndpoint(app, patchCatalogueCategory, async (request) =>
    editCategory(deps.db, request.params.id, request.body, deps.clock.now(), (tx, before, after) =>
      recordAudit(tx, auditActorOf(request), {
        action: 'catalogue.category-update',
        entity: 'catalogue-category',
        entityId: request.params.id,
        before,
        after,
      }),
    ),
  );
}
