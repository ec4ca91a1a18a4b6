import { defineEndpoint } from './endpoint';
import { segmentDefinitionSchema } from './segment-definition';
import * as z from './z';

/**
 * Segments of members (issue 31 item 2, decision 075): the count as the marketer edits, the saved segments with
 * their counts, and a segment's members as CSV. The definition's schema is `segment-definition.ts`.
 */

const segmentId = z.strictObject({ segmentId: z.string().uuid('Неизвестный сегмент') });
const nameSchema = z
  .string('Название: текст')
  .trim()
  .min(1, 'Укажите название сегмента')
  .max(100, 'Название: не длиннее 100 знаков');

export const segmentSchema = z.strictObject({
  id: z.string(),
  name: z.string(),
  definition: segmentDefinitionSchema,
  /** Members in it now; null when the definition no longer evaluates (a level renamed, a point removed). */
  count: z.number().int().nullable(),
  /** Why it does not evaluate, for the console; null when it does. */
  problem: z.string().nullable(),
  createdBy: z.string(),
  createdAt: z.string(),
  updatedBy: z.string(),
  updatedAt: z.string(),
});
export type SegmentInfo = z.output<typeof segmentSchema>;

export const countSegmentMembers = defineEndpoint({
  method: 'POST',
  path: '/api/operator/segments/count',
  summary: 'How many members a definition holds now (the console asks as the marketer edits)',
  tag: 'operator',
  auth: 'operator',
  permission: 'segments.read',
  errors: ['SEGMENT_CONDITION'],
  schemas: {
    body: z.strictObject({ definition: segmentDefinitionSchema }),
    response: z.strictObject({ count: z.number().int() }),
  },
});

export const segmentOptions = defineEndpoint({
  method: 'GET',
  path: '/api/operator/segments/options',
  summary: "What a segment's conditions may name: the brand's levels, retail points and catalogue categories",
  tag: 'operator',
  auth: 'operator',
  permission: 'segments.read',
  errors: [],
  schemas: {
    response: z.strictObject({
      levels: z.array(z.string()),
      points: z.array(z.strictObject({ id: z.number().int(), title: z.string() })),
      categories: z.array(z.strictObject({ id: z.string(), name: z.string() })),
    }),
  },
});

export const listSegments = defineEndpoint({
  method: 'GET',
  path: '/api/operator/segments',
  summary: 'The saved segments, by name, each with its count now',
  tag: 'operator',
  auth: 'operator',
  permission: 'segments.read',
  errors: [],
  schemas: { response: z.array(segmentSchema) },
});

export const segmentNameSchema = z.strictObject({
  id: z.string(),
  name: z.string(),
  /** Why it no longer evaluates (a level renamed, a point removed), for the pickers to leave it out; else null. */
  problem: z.string().nullable(),
});
export type SegmentName = z.output<typeof segmentNameSchema>;

export const listSegmentNames = defineEndpoint({
  method: 'GET',
  path: '/api/operator/segments/names',
  summary:
    'The saved segments by name, not counted: for pickers such as the new campaign form (decision 082)',
  tag: 'operator',
  auth: 'operator',
  permission: 'segments.read',
  errors: [],
  schemas: { response: z.array(segmentNameSchema) },
});

export const createSegment = defineEndpoint({
  method: 'POST',
  path: '/api/operator/segments',
  summary: 'Save a segment; audited',
  tag: 'operator',
  auth: 'operator',
  permission: 'segments.write',
  errors: ['SEGMENT_CONDITION', 'SEGMENT_NAME_TAKEN'],
  schemas: {
    body: z.strictObject({ name: nameSchema, definition: segmentDefinitionSchema }),
    response: segmentSchema,
  },
});

export const updateSegment = defineEndpoint({
  method: 'PATCH',
  path: '/api/operator/segments/:segmentId',
  summary: 'Rename a segment or change its definition; audited',
  tag: 'operator',
  auth: 'operator',
  permission: 'segments.write',
  errors: ['NOT_FOUND', 'SEGMENT_CONDITION', 'SEGMENT_NAME_TAKEN'],
  schemas: {
    params: segmentId,
    body: z.strictObject({ name: nameSchema.optional(), definition: segmentDefinitionSchema.optional() }),
    response: segmentSchema,
  },
});

export const deleteSegment = defineEndpoint({
  method: 'DELETE',
  path: '/api/operator/segments/:segmentId',
  summary: 'Delete a saved segment; audited',
  tag: 'operator',
  auth: 'operator',
  permission: 'segments.write',
  errors: ['NOT_FOUND'],
  schemas: { params: segmentId, response: z.strictObject({ deleted: z.literal(true) }) },
});

export const exportSegment = defineEndpoint({
  method: 'POST',
  path: '/api/operator/segments/:segmentId/export',
  summary:
    "A segment's members as CSV for Excel in Russia: card number, phone as the caller's role sees it, name, balance; audited",
  tag: 'operator',
  auth: 'operator',
  permission: 'segments.export',
  errors: ['NOT_FOUND', 'SEGMENT_CONDITION', 'SEGMENT_TOO_LARGE'],
  schemas: {
    params: segmentId,
    response: z.strictObject({ fileName: z.string(), rows: z.number().int(), csv: z.string() }),
  },
});
