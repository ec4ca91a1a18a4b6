import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { z } from 'zod';
import { actionSchema, faqQuestionSchema, newsItemSchema, pointSchema } from '#common/contract/content';
import { DOCUMENT_SCHEMAS, type DocumentName } from '#server/core/content-documents';
import type { Db } from '../client';
import { actions, contentDocuments, faq, news, retailPoints } from '../schema/content';

/** News as the demo files store them: a calendar date and picture file names. */
const seedNewsSchema = newsItemSchema.extend({ date: z.string() });

function readJson<S extends z.ZodType>(dir: string, file: string, schema: S): z.output<S> {
  // Validated with the contract's schemas, so a broken demo file stops the seed with the field's name.
  return schema.parse(JSON.parse(readFileSync(join(dir, file), 'utf8')));
}

/** Seeds the demo content (points, actions, news, FAQ and the documents) in the seeding transaction. */
export async function seedDemoContent(tx: Db, dir: string) {
  const points = readJson(dir, 'points.json', z.array(pointSchema));
  if (points.length) {
    await tx.insert(retailPoints).values(
      points.map(({ address, rating, ...p }, sort) => ({
        ...p,
        ...address,
        rating: String(rating),
        sort,
      })),
    );
  }
  const actionRows = readJson(dir, 'actions.json', z.array(actionSchema));
  if (actionRows.length) await tx.insert(actions).values(actionRows.map((a, sort) => ({ ...a, sort })));
  const newsRows = readJson(dir, 'news.json', z.array(seedNewsSchema));
  if (newsRows.length) {
    await tx.insert(news).values(newsRows.map((n) => ({ ...n, date: new Date(`${n.date}T09:00:00+03:00`) })));
  }
  const questions = readJson(dir, 'faq.json', z.array(faqQuestionSchema));
  if (questions.length) await tx.insert(faq).values(questions.map((q, sort) => ({ ...q, sort })));
  for (const name of Object.keys(DOCUMENT_SCHEMAS) as DocumentName[]) {
    const document = readJson(dir, `${name}.json`, DOCUMENT_SCHEMAS[name]);
    await tx.insert(contentDocuments).values({ name, document });
  }
}
