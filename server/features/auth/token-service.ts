import { emitEvent } from '#server/core/events/emit';
import { and, eq, isNull, sql } from 'drizzle-orm';
import type { Db } from '#server/db/client';
import { SignJWT } from 'jose';
import type { TokenPair } from '#common/contract/auth';
import { refreshTokens, sessions, users } from '#server/db/schema/auth';
import { AppError } from '#server/errors';
import { hashRefreshToken, isJwtSignature, newRefreshToken, successorOf, type AuthKeys } from './auth-crypto';
import { inTransaction, type AuthContext, type Tx } from './auth-context';
import { ACCESS_TOKEN_TYP, AUTH_LIMITS as L, JWT_AUDIENCE, JWT_ISSUER } from './limits';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

const jwtKeys = new WeakMap<Uint8Array, Promise<CryptoKey>>();

/**
 * The signing key as a WebCrypto key, imported once per key: handed the raw bytes, jose imports them again for
 * every token it signs (decision 037). Not extractable; HMAC-SHA256, signing only.
 */
function jwtKeyOf(keys: AuthKeys): Promise<CryptoKey> {
  let key = jwtKeys.get(keys.jwt);
  if (!key) {
    key = crypto.subtle.importKey('raw', keys.jwt, { name: 'HMAC', hash: 'SHA-256' }, false, ['sign']);
    jwtKeys.set(keys.jwt, key);
  }
  return key;
}

/**
 * Signs an access token. Every claim comes from the arguments (no random jti), so the same session and
 * issue time give the same token: that is how duplicate refreshes receive an identical pair.
 */
export async function signAccessToken(keys: AuthKeys, userId: string, sessionId: string, issuedAt: Date) {
  const iat = Math.floor(issuedAt.getTime() / 1000);
  return new SignJWT({ typ: 'access', sid: sessionId })
    .setProtectedHeader({ alg: 'HS256', typ: ACCESS_TOKEN_TYP })
    .setSubject(userId)
    .setIssuer(JWT_ISSUER)
    .setAudience(JWT_AUDIENCE)
    .setIssuedAt(iat)
    .setExpirationTime(iat + L.accessTokenTtlSeconds)
    .sign(await jwtKeyOf(keys));
}

/** The header signAccessToken writes, as the token carries it (jose encodes the JSON as given). */
const ACCESS_HEADER = Buffer.from(JSON.stringify({ alg: 'HS256', typ: ACCESS_TOKEN_TYP })).toString(
  'base64url',
);

/**
 * The claims of a valid access token, or null: its header exactly the one signAccessToken writes (so HS256 and
 * the type, nothing else: no other algorithm or header can be tried), its HS256 MAC checked in constant time,
 * then issuer, audience, type, the required claims and expiry, as jose checked them. Checked here with
 * node:crypto's HMAC, synchronously: jose verifies through WebCrypto, a round trip to the thread pool on every
 * authenticated request (on the reference machine under load, the largest piece of Node's time after the socket
 * writes: decision 037). jose still signs.
 */
export async function verifyAccessToken(keys: AuthKeys, token: string, now: Date) {
  const [header, body, signature, ...rest] = token.split('.');
  if (header !== ACCESS_HEADER || body === undefined || signature === undefined || rest.length > 0)
    return null;
  if (!isJwtSignature(keys, `${header}.${body}`, signature)) return null;
  const claims = parseClaims(body);
  if (!claims) return null;
  const { iss, aud, exp, iat, nbf, sub, sid, typ } = claims;
  const seconds = Math.floor(now.getTime() / 1000);
  if (iss !== JWT_ISSUER || aud !== JWT_AUDIENCE || typ !== 'access') return null;
  if (typeof exp !== 'number' || exp <= seconds || typeof iat !== 'number') return null;
  if (nbf !== undefined && (typeof nbf !== 'number' || nbf > seconds)) return null;
  if (typeof sub !== 'string' || typeof sid !== 'string' || !UUID.test(sub) || !UUID.test(sid)) return null;
  return { userId: sub, sessionId: sid };
}

/** A JWT's payload segment as a JSON object, or null. */
function parseClaims(segment: string): Record<string, unknown> | null {
  try {
    const value: unknown = JSON.parse(Buffer.from(segment, 'base64url').toString('utf8'));
    return value !== null && typeof value === 'object' && !Array.isArray(value)
      ? (value as Record<string, unknown>)
      : null;
  } catch {
    return null;
  }
}

/**
 * Creates the customer on first login, then a session with its first refresh token. With `root` (a member's
 * login, not a temporary payer's), a new member is told to the chain's systems: `member.registered` (decision 073).
 */
export async function startSession(
  tx: Tx,
  keys: AuthKeys,
  phone: string,
  now: Date,
  root?: Db,
): Promise<TokenPair> {
  const [user] = await tx
    .insert(users)
    .values({ phone })
    .onConflictDoUpdate({ target: users.phone, set: { phone } })
    // xmax is 0 on a row this statement inserted, not on one it updated: the first login.
    .returning({ id: users.id, created: sql<boolean>`(xmax = 0)` });
  if (!user) throw new Error('user upsert returned nothing');
  if (root && user.created) {
    await emitEvent(root, tx, {
      type: 'member.registered',
      memberId: user.id,
      payload: { memberId: user.id, registeredAt: now.toISOString() },
      at: now,
    });
  }
  const [session] = await tx
    .insert(sessions)
    .values({ userId: user.id, createdAt: now, lastUsedAt: now })
    .returning({ id: sessions.id });
  if (!session) throw new Error('session insert returned nothing');
  const refresh = newRefreshToken();
  await tx
    .insert(refreshTokens)
    .values({ tokenHash: hashRefreshToken(refresh), sessionId: session.id, createdAt: now });
  return { token: await signAccessToken(keys, user.id, session.id, now), refresh };
}

const invalidRefresh = () => new AppError('INVALID_REFRESH', 'Сессия завершена. Войдите снова.');

/**
 * Rotates a refresh token. A duplicate within the grace window gets the same successor pair; any later reuse
 * of a rotated token revokes the whole session (its family), since one of the two holders is a thief.
 */
export async function refreshSession(ctx: AuthContext, presented: string): Promise<TokenPair> {
  const now = ctx.clock.now();
  const outcome = await inTransaction(ctx.db, async (tx): Promise<TokenPair | null> => {
    const [row] = await tx
      .select({
        sessionId: sessions.id,
        userId: sessions.userId,
        lastUsedAt: sessions.lastUsedAt,
        revokedAt: sessions.revokedAt,
        rotatedAt: refreshTokens.rotatedAt,
      })
      .from(refreshTokens)
      .innerJoin(sessions, eq(sessions.id, refreshTokens.sessionId))
      .where(eq(refreshTokens.tokenHash, hashRefreshToken(presented)))
      .for('update');
    if (!row || row.revokedAt) return null;
    if (row.lastUsedAt.getTime() + L.sessionIdleMs <= now.getTime()) {
      await revoke(tx, row.sessionId, now, 'idle');
      return null;
    }
    const successor = successorOf(ctx.keys, presented);
    if (row.rotatedAt) {
      if (now.getTime() - row.rotatedAt.getTime() <= L.refreshGraceMs) {
        const token = await signAccessToken(ctx.keys, row.userId, row.sessionId, row.rotatedAt);
        return { token, refresh: successor };
      }
      await revoke(tx, row.sessionId, now, 'reuse');
      return null;
    }
    await tx
      .update(refreshTokens)
      .set({ rotatedAt: now })
      .where(eq(refreshTokens.tokenHash, hashRefreshToken(presented)));
    await tx
      .insert(refreshTokens)
      .values({ tokenHash: hashRefreshToken(successor), sessionId: row.sessionId, createdAt: now });
    await tx.update(sessions).set({ lastUsedAt: now }).where(eq(sessions.id, row.sessionId));
    return { token: await signAccessToken(ctx.keys, row.userId, row.sessionId, now), refresh: successor };
  });
  if (!outcome) throw invalidRefresh();
  return outcome;
}

/** Ends a session: its refresh tokens stop rotating and its access tokens fail the per-request check. */
export async function endSession(ctx: AuthContext, sessionId: string): Promise<void> {
  await revoke(ctx.db, sessionId, ctx.clock.now(), 'logout');
}

async function revoke(tx: Tx, sessionId: string, now: Date, reason: string) {
  await tx
    .update(sessions)
    .set({ revokedAt: now, revokedReason: reason })
    .where(and(eq(sessions.id, sessionId), isNull(sessions.revokedAt)));
}
