import { eq, sql } from 'drizzle-orm';
import type { z } from 'zod';
import {
  contactsSchema,
  countdownSchema,
  customSchema,
  joinSchema,
  rulesSchema,
} from '#common/contract/content';
import type { Db } from '../db/client';
import { contentDocuments } from '../db/schema/content';
import { parseInput } from '../lib/parse-input';
import type { ContentCache } from '../lib/content-cache';

/** The single-row content documents and the schema each one is stored and served with. */
export const DOCUMENT_SCHEMAS = {
  rules: rulesSchema,
  custom: customSchema,
  contacts: contactsSchema,
  join: joinSchema,
  countdown: countdownSchema,
} as const;

export type DocumentName = keyof typeof DOCUMENT_SCHEMAS;
export type DocumentOf<N extends DocumentName> = z.output<(typeof DOCUMENT_SCHEMAS)[N]>;

/** What an empty deployment answers, so a page shows its empty state rather than an error. */
const EMPTY: { [N in DocumentName]: z.input<(typeof DOCUMENT_SCHEMAS)[N]> } = {
  rules: { about: '', creators: '', link: null, img: null, phone: '', email: '' },
  custom: { headline: '', text: '' },
  contacts: { title: '', phone: '', email: '', address: '', workingHours: '', socials: [] },
  join: { title: '', text: '', steps: [], benefits: [] },
  countdown: { title: '', text: '', date: '1970-01-01T00:00:00Z' },
};

export async function readDocument<N extends DocumentName>(db: Db, name: N): Promise<DocumentOf<N>> {
  const [row] = await db
    .select({ document: contentDocuments.document })
    .from(contentDocuments)
    .where(eq(contentDocuments.name, name));
  return DOCUMENT_SCHEMAS[name].parse(row?.document ?? EMPTY[name]) as DocumentOf<N>;
}

/** Validates and stores a document, bumping the content revision so every instance serves the change. */
export async function saveDocument(
  db: Db,
  cache: ContentCache,
  name: DocumentName,
  input: unknown,
  /** Writes the change's audit row in its transaction (an operator's change: decision 026). */
  audit?: (tx: Db, before: unknown, after: unknown) => Promise<void>,
) {
  const document = parseInput(DOCUMENT_SCHEMAS[name], input, `${name} не сохранён`);
  await cache.write(async (tx) => {
    // Two editors of one page write one after the other, so each audit row's "before" is what it replaced.
    if (audit) await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`content:document:${name}`}))`);
    const before = audit ? await readDocument(tx, name) : null;
    await tx
      .insert(contentDocuments)
      .values({ name, document })
      .onConflictDoUpdate({ target: contentDocuments.name, set: { document, updatedAt: new Date() } });
    await audit?.(tx, before, document);
  });
  return document;
}
