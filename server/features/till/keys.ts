import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import { and, asc, eq, isNull } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import type { Clock } from '#server/core/clock';
import type { Db } from '#server/db/client';
import { retailPoints } from '#server/db/schema/content';
import { tillKeys } from '#server/db/schema/till';
import { AppError, notFound } from '#server/errors';
import type { TillCaller } from '#server/lib/callers';

/**
 * Till API keys (docs/decisions/015-till-api.md): `till_<key id, 32 hex>_<secret: 32 random bytes, base64url>`.
 * The id finds the row; only the SHA-256 of the secret is stored (enough for 256 bits of randomness: nothing
 * to brute-force) and it is compared in constant time. The whole key is shown once, when it is issued.
 */
const KEY_FORMAT = /^till_([0-9a-f]{32})_([A-Za-z0-9_-]{43})$/;

/** The API key a till sends: `Authorization: Bearer <key>` or `X-Api-Key: <key>`. */
export function tillKeyOf(request: FastifyRequest): string | undefined {
  const bearer = /^Bearer (\S+)$/.exec(request.headers.authorization ?? '')?.[1];
  const header = request.headers['x-api-key'];
  return bearer ?? (typeof header === 'string' ? header : undefined);
}

const hashSecret = (secret: string) => createHash('sha256').update(secret, 'utf8').digest();
const idOf = (hex: string) =>
  `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;

export const unauthorizedTill = () =>
  new AppError('UNAUTHORIZED', 'Ключ кассы неверен или отозван: попросите оператора выдать новый');

/** The key's caller, or null for anything that is not a live key (malformed, unknown, wrong secret, revoked). */
export async function authenticateTillKey(db: Db, key: string | undefined): Promise<TillCaller | null> {
  const match = KEY_FORMAT.exec(key?.trim() ?? '');
  if (!match) return null;
  const [, hexId, secret] = match as unknown as [string, string, string];
  const [row] = await db
    .select({
      id: tillKeys.id,
      retailPointId: tillKeys.retailPointId,
      secretHash: tillKeys.secretHash,
      revokedAt: tillKeys.revokedAt,
    })
    .from(tillKeys)
    .where(eq(tillKeys.id, idOf(hexId)));
  if (!row) return null;
  const expected = Buffer.from(row.secretHash, 'hex');
  const given = hashSecret(secret);
  if (expected.length !== given.length || !timingSafeEqual(expected, given)) return null;
  if (row.revokedAt) return null;
  return { keyId: row.id, retailPointId: row.retailPointId };
}

export interface IssuedTillKey {
  keyId: string;
  /** The key itself: shown this once, never stored. */
  key: string;
  retailPointId: number;
  label: string;
  createdAt: string;
}

/** A new key for a retail point (404 when there is no such point). */
export async function issueTillKey(
  deps: { db: Db; clock: Clock },
  input: { retailPointId: number; label: string },
): Promise<IssuedTillKey> {
  const [point] = await deps.db
    .select({ id: retailPoints.id })
    .from(retailPoints)
    .where(eq(retailPoints.id, input.retailPointId));
  if (!point) throw notFound('Точка не найдена');
  const secret = randomBytes(32).toString('base64url');
  const [row] = await deps.db
    .insert(tillKeys)
    .values({
      retailPointId: point.id,
      label: input.label,
      secretHash: hashSecret(secret).toString('hex'),
      createdAt: deps.clock.now(),
    })
    .returning();
  if (!row) throw new Error('till key not stored');
  return {
    keyId: row.id,
    key: `till_${row.id.replace(/-/g, '')}_${secret}`,
    retailPointId: row.retailPointId,
    label: row.label,
    createdAt: row.createdAt.toISOString(),
  };
}

export interface TillKeyInfo {
  keyId: string;
  retailPointId: number;
  label: string;
  createdAt: string;
  revokedAt: string | null;
}

const infoColumns = {
  id: tillKeys.id,
  retailPointId: tillKeys.retailPointId,
  label: tillKeys.label,
  createdAt: tillKeys.createdAt,
  revokedAt: tillKeys.revokedAt,
};

/** Every key, oldest first: never the key or its hash. */
export async function listTillKeys(db: Db, keyId?: string): Promise<TillKeyInfo[]> {
  const rows = await db
    .select(infoColumns)
    .from(tillKeys)
    .where(keyId ? eq(tillKeys.id, keyId) : undefined)
    .orderBy(asc(tillKeys.createdAt), asc(tillKeys.id));
  return rows.map((row) => ({
    keyId: row.id,
    retailPointId: row.retailPointId,
    label: row.label,
    createdAt: row.createdAt.toISOString(),
    revokedAt: row.revokedAt?.toISOString() ?? null,
  }));
}

/** Revokes a key (at once, for every instance); revoking it again answers the first revocation. */
export async function revokeTillKey(deps: { db: Db; clock: Clock }, keyId: string): Promise<TillKeyInfo> {
  await deps.db
    .update(tillKeys)
    .set({ revokedAt: deps.clock.now() })
    .where(and(eq(tillKeys.id, keyId), isNull(tillKeys.revokedAt)));
  const [key] = await listTillKeys(deps.db, keyId);
  if (!key) throw notFound('Ключ не найден');
  return key;
}
