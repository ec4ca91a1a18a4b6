import { asc, desc } from 'drizzle-orm';
import { contentFileSchema, type ContentFile } from '#common/contract/operator';
import type { Db } from '#server/db/client';
import { brandSettings, pictures } from '#server/db/schema/brand';
import { actions, contentDocuments, faq, news, retailPoints } from '#server/db/schema/content';
import { AppError } from '#server/errors';
import { checkPicture } from './picture-upload';
import type { ContentCache } from '#server/lib/content-cache';
import { DOCUMENT_SCHEMAS, readDocument, type DocumentName } from '#server/core/content-documents';
import { toOperatorPoint } from '#server/core/points';
import { readBrandSettings } from '#server/core/brand-settings';

/** `points[3].address.latitude`: the path of a zod issue as the operator reads it in the file. */
export function issuePath(path: ReadonlyArray<PropertyKey>): string {
  return path.reduce<string>(
    (s, key) => (typeof key === 'number' ? `${s}[${key}]` : s ? `${s}.${String(key)}` : String(key)),
    '',
  );
}

export async function exportContent(db: Db): Promise<ContentFile> {
  const [settings, pointRows, actionRows, newsRows, faqRows, pictureRows] = await Promise.all([
    readBrandSettings(db),
    db.select().from(retailPoints).orderBy(asc(retailPoints.sort), asc(retailPoints.id)),
    db.select().from(actions).orderBy(asc(actions.sort), asc(actions.id)),
    db.select().from(news).orderBy(desc(news.date), desc(news.id)),
    db.select().from(faq).orderBy(asc(faq.sort), asc(faq.id)),
    db.select().from(pictures).orderBy(asc(pictures.name)),
  ]);
  const names = Object.keys(DOCUMENT_SCHEMAS) as DocumentName[];
  const documents = Object.fromEntries(
    await Promise.all(names.map(async (name) => [name, await readDocument(db, name)] as const)),
  ) as ContentFile['documents'];
  return {
    settings,
    points: pointRows.map(toOperatorPoint),
    actions: actionRows.map(({ sort: _s, ...a }) => a),
    news: newsRows.map((n) => ({ ...n, date: n.date.toISOString() })),
    faq: faqRows.map(({ sort: _s, ...q }) => q),
    documents,
    pictures: pictureRows.map((p) => ({
      name: p.name,
      contentType: p.contentType as ContentFile['pictures'][number]['contentType'],
      data: p.data.toString('base64'),
    })),
  };
}

/**
 * Replaces the brand's settings and content with the file's, in one transaction: a file with any bad field is
 * refused before anything is written, and a failure half-way leaves the old content in place.
 */
export async function importContent(
  db: Db,
  cache: ContentCache,
  input: unknown,
  audit?: (tx: Db, imported: Record<string, number>) => Promise<void>,
) {
  const parsed = contentFileSchema.safeParse(input);
  if (!parsed.success) {
    const first = parsed.error.issues[0];
    throw new AppError('VALIDATION', `Файл не загружен: ${issuePath(first?.path ?? [])}: ${first?.message}`);
  }
  const file = parsed.data;
  // The same checks as an upload: the import must not be the way round them.
  try {
    for (const p of file.pictures) await checkPicture(Buffer.from(p.data, 'base64'), p.contentType, p.name);
  } catch (error) {
    throw new AppError('VALIDATION', `Файл не загружен: ${(error as Error).message}`);
  }
  const counts = {
    points: file.points.length,
    actions: file.actions.length,
    news: file.news.length,
    faq: file.faq.length,
    pictures: file.pictures.length,
  };
  await cache.write(async (tx) => {
    for (const table of [retailPoints, actions, news, faq, contentDocuments, pictures])
      await tx.delete(table);
    await tx
      .insert(brandSettings)
      .values({ id: 1, settings: file.settings })
      .onConflictDoUpdate({
        target: brandSettings.id,
        set: { settings: file.settings, updatedAt: new Date() },
      });
    if (file.points.length) {
      await tx.insert(retailPoints).values(
        file.points.map(({ address, rating, ...p }, sort) => ({
          ...p,
          ...address,
          rating: String(rating),
          sort,
        })),
      );
    }
    if (file.actions.length) await tx.insert(actions).values(file.actions.map((a, sort) => ({ ...a, sort })));
    if (file.news.length)
      await tx.insert(news).values(file.news.map((n) => ({ ...n, date: new Date(n.date) })));
    if (file.faq.length) await tx.insert(faq).values(file.faq.map((q, sort) => ({ ...q, sort })));
    await tx
      .insert(contentDocuments)
      .values(Object.entries(file.documents).map(([name, document]) => ({ name, document })));
    if (file.pictures.length) {
      await tx
        .insert(pictures)
        .values(file.pictures.map((p) => ({ ...p, data: Buffer.from(p.data, 'base64') })));
    }
    await audit?.(tx, counts);
  });
  return counts;
}
