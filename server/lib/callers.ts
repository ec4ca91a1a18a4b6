import type { EndpointAuth } from '#common/contract/endpoint';
import type { StaffRole } from '#common/contract/permissions';

/** A customer calling with an access token: who they are, the session the token belongs to, their phone. */
export interface AuthUser {
  userId: string;
  sessionId: string;
  phone: string;
}

/** A retail point's till calling with its API key (docs/decisions/015). */
export interface TillCaller {
  keyId: string;
  retailPointId: number;
}

/**
 * The programme's operator: the automation token (OPERATOR_TOKEN, "system" in the audit log, every
 * permission) or a staff member's console session (docs/decisions/026).
 */
export type OperatorCaller =
  { kind: 'token' } | { kind: 'staff'; staffId: string; email: string; role: StaffRole; sessionId: string };

declare module 'fastify' {
  interface FastifyRequest {
    /** Set before validation on endpoints whose contract says `auth: 'user'` or `'optional'`. */
    user?: AuthUser | null;
    /** Set on request on endpoints whose contract says `auth: 'till'`. */
    till?: TillCaller;
    /** Set on request on endpoints whose contract says `auth: 'operator'`. */
    operator?: OperatorCaller;
  }
}

/** What a handler of an endpoint with auth `A` finds on its request, checked before the handler runs. */
export type CallerOf<A extends EndpointAuth> = A extends 'user'
  ? { user: AuthUser }
  : A extends 'optional'
    ? { user: AuthUser | null }
    : A extends 'till'
      ? { till: TillCaller }
      : A extends 'operator'
        ? { operator: OperatorCaller }
        : unknown;
