import { asc, desc } from 'drizzle-orm';
import { z } from 'zod';
import {
  actionSchema,
  faqQuestionSchema,
  newsItemSchema,
  pointSchema,
} from '../../../common/contract/content';
import { brandSettingsSchema } from '../../../common/contract/header';
import type { Db } from '../../db/client';
import { brandSettings, pictures } from '../../db/schema/brand';
import { actions, contentDocuments, faq, news, retailPoints } from '../../db/schema/content';
import { AppError } from '../../errors';
import type { ContentCache } from '../../lib/content-cache';
import { DOCUMENT_SCHEMAS, readDocument, type DocumentName } from '../../core/content-documents';
import { toPoint } from '../../core/points';
import { PICTURE_NAME } from '../../core/pictures';
import { readBrandSettings } from '../../core/brand-settings';

const uniqueBy =
  <T>(key: (item: T) => unknown, what: string) =>
  (items: T[], ctx: z.RefinementCtx) => {
    const seen = new Set<unknown>();
    items.forEach((item, i) => {
      if (seen.has(key(item))) ctx.addIssue({ code: 'custom', path: [i], message: `${what} повторяется` });
      seen.add(key(item));
    });
  };

const FIRST_STORABLE = Date.parse('0001-01-01T00:00:00Z');
const LAST_STORABLE = Date.parse('9999-12-31T23:59:59.999Z');

/** News as stored: picture names (not URLs) and any ISO date-time. */
const storedNewsSchema = newsItemSchema.extend({
  date: z.string().refine((v) => {
    // A date-time PostgreSQL can store: years 1 to 9999 (JavaScript reads far wider ones).
    const time = Date.parse(v);
    return time >= FIRST_STORABLE && time <= LAST_STORABLE;
  }, 'Дата задаётся в формате ISO 8601'),
});

const pictureFileSchema = z.strictObject({
  name: z.string().regex(PICTURE_NAME, 'Имя картинки: латиница, цифры, точка, - и _'),
  contentType: z.enum(['image/png', 'image/jpeg', 'image/webp', 'image/svg+xml', 'image/gif']),
  /** The file's bytes in base64. */
  data: z.string().regex(/^[A-Za-z0-9+/]*={0,2}$/, 'Картинка задаётся в base64'),
});

/**
 * The whole brand in one JSON document: what `content:export` writes and `content:import` reads. Each part is
 * checked with the schema the API and the demo seed use.
 */
export const contentFileSchema = z.strictObject({
  settings: brandSettingsSchema,
  points: z.array(pointSchema).superRefine(uniqueBy((p) => p.id, 'id')),
  actions: z.array(actionSchema).superRefine(uniqueBy((a) => a.id, 'id')),
  news: z.array(storedNewsSchema).superRefine(uniqueBy((n) => n.id, 'id')),
  faq: z.array(faqQuestionSchema).superRefine(uniqueBy((q) => q.id, 'id')),
  documents: z.strictObject({
    rules: DOCUMENT_SCHEMAS.rules,
    contacts: DOCUMENT_SCHEMAS.contacts,
    join: DOCUMENT_SCHEMAS.join,
    countdown: DOCUMENT_SCHEMAS.countdown,
    custom: DOCUMENT_SCHEMAS.custom,
  }),
  pictures: z.array(pictureFileSchema).superRefine(uniqueBy((p) => p.name, 'name')),
});
export type ContentFile = z.output<typeof contentFileSchema>;

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
    points: pointRows.map(toPoint),
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
export async function importContent(db: Db, cache: ContentCache, input: unknown) {
  const parsed = contentFileSchema.safeParse(input);
  if (!parsed.success) {
    const first = parsed.error.issues[0];
    throw new AppError('VALIDATION', `Файл не загружен: ${issuePath(first?.path ?? [])}: ${first?.message}`);
  }
  const file = parsed.data;
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
  });
  return {
    points: file.points.length,
    actions: file.actions.length,
    news: file.news.length,
    faq: file.faq.length,
    pictures: file.pictures.length,
  };
}
