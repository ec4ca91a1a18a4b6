import type { Db } from '#server/db/client';
import {
  DOCUMENT_SCHEMAS,
  readDocument,
  type DocumentName,
  type DocumentOf,
} from '#server/core/content-documents';
import type { ContentCache } from '#server/lib/content-cache';
import { pictureUrl, toCachedJson, type CachedJson } from '#server/lib/cached-json';

/** The document as the API serves it: the rules' picture name becomes its URL. */
function forApi(name: DocumentName, document: DocumentOf<DocumentName>): unknown {
  if (name === 'rules') {
    const rules = document as DocumentOf<'rules'>;
    return { ...rules, img: rules.img && !rules.img.startsWith('/') ? pictureUrl(rules.img) : rules.img };
  }
  return document;
}

export function getDocumentJson(db: Db, cache: ContentCache, name: DocumentName): Promise<CachedJson> {
  return cache.get(`document:${name}`, async () =>
    toCachedJson(DOCUMENT_SCHEMAS[name], forApi(name, await readDocument(db, name)) as never),
  );
}
