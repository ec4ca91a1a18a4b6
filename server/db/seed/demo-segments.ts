import type { SegmentDefinition } from '#common/contract/segment-definition';
import type { Db } from '../client';
import { segments } from '../schema/segments';

/** Any advertising consent: a segment meant for an offer keeps to members who may receive one (decision 072). */
const ANY_CONSENT: SegmentDefinition['conditions'][number] = {
  field: 'group',
  match: 'any',
  conditions: [
    { field: 'consent', channel: 'sms', granted: true },
    { field: 'consent', channel: 'email', granted: true },
    { field: 'consent', channel: 'push', granted: true },
  ],
};

/**
 * The demo's two segments (decision 075), so a new user opening «Сегменты» sees working examples: members who
 * have not bought for 60 days and may be sent an offer, and the members whose birthday falls in the seed's month.
 */
export async function seedDemoSegments(tx: Db, at = new Date()) {
  const made = { createdBy: 'system', createdAt: at, updatedBy: 'system', updatedAt: at };
  await tx.insert(segments).values([
    {
      name: 'Давно не покупали',
      definition: {
        match: 'all',
        conditions: [{ field: 'daysSinceLastPurchase', op: 'gte', days: 60 }, ANY_CONSENT],
      },
      ...made,
    },
    {
      name: 'Именинники месяца',
      definition: { match: 'all', conditions: [{ field: 'birthdayMonth', months: [at.getUTCMonth() + 1] }] },
      ...made,
    },
  ]);
}
