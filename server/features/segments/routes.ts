import type { FastifyInstance } from 'fastify';
import * as contract from '#common/contract/segments';
import type { AppDeps } from '#server/app-deps';
import { auditActorOf } from '#server/core/audit';
import { countSegment, segmentContext } from '#server/core/segments/segment-query';
import { checkSegmentReferences } from '#server/core/segments/segment-references';
import { registerEndpoint } from '#server/lib/register-endpoint';
import {
  createSegment,
  deleteSegment,
  listSegmentNames,
  listSegments,
  updateSegment,
} from './saved-segments';
import { exportSegment } from './segment-export';
import { segmentOptions } from './segment-options';

/**
 * Segments of members (decision 075): the count as the marketer edits, saved segments, the CSV. The definition
 * and its SQL are server/core/segments (the messages read them too).
 */
export function registerSegmentRoutes(app: FastifyInstance, deps: Pick<AppDeps, 'db' | 'clock'>) {
  const { db } = deps;
  const context = () => segmentContext(db, deps.clock.now());
  registerEndpoint(app, contract.countSegmentMembers, async (request) => {
    const ctx = await context();
    await checkSegmentReferences(db, request.body.definition, ctx);
    return { count: await countSegment(db, request.body.definition, ctx) };
  });
  registerEndpoint(app, contract.segmentOptions, async () => segmentOptions(db, await context()));
  registerEndpoint(app, contract.listSegments, async () => listSegments(db, await context()));
  registerEndpoint(app, contract.listSegmentNames, async () => listSegmentNames(db, await context()));
  registerEndpoint(app, contract.createSegment, async (request) =>
    createSegment(db, request.body, auditActorOf(request), await context()),
  );
  registerEndpoint(app, contract.updateSegment, async (request) =>
    updateSegment(db, request.params.segmentId, request.body, auditActorOf(request), await context()),
  );
  registerEndpoint(app, contract.deleteSegment, async (request) =>
    deleteSegment(db, request.params.segmentId, auditActorOf(request), deps.clock.now()),
  );
  registerEndpoint(app, contract.exportSegment, async (request) =>
    exportSegment(db, request.params.segmentId, auditActorOf(request), await context()),
  );
}
