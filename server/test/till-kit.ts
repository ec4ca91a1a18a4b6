// Helpers for the till API tests: keys issued through the operator's API, customers with a card and bonuses,
// and member codes made the way the cabinet makes them (web/features/cabinet/member-code.ts).
import { eq } from 'drizzle-orm';
import { Secret, TOTP } from 'otpauth';
import { cards } from '../db/schema/cabinet';
import type { TestApp } from './test-app';
import { registeredCustomer } from './cabinet-kit';
import { customerWithBonuses } from './payments-kit';

export const OPERATOR_TOKEN = 'till-test-operator-token-0123456789abcdef';
/** Demo point 1 earns 3%; the brand's spend limit is 50% by default. */
export const POINT = 1;
export const OTHER_POINT = 2;

export async function issueKey(t: TestApp, retailPointId = POINT, label = 'Касса 1') {
  const response = await t.app.inject({
    method: 'POST',
    url: '/api/operator/till-keys',
    headers: { authorization: `Bearer ${OPERATOR_TOKEN}` },
    payload: { retailPointId, label },
  });
  if (response.statusCode !== 200) throw new Error(`issue key ${response.statusCode}: ${response.body}`);
  return response.json() as { keyId: string; key: string };
}

export const revokeKey = (t: TestApp, keyId: string) =>
  t.app.inject({
    method: 'POST',
    url: `/api/operator/till-keys/${keyId}/revoke`,
    headers: { authorization: `Bearer ${OPERATOR_TOKEN}` },
  });

/** A customer with a card and `bonuses` roubles of bonuses: the card's number and member-code secret. */
export async function cardholder(t: TestApp, phone: string, bonuses: number) {
  await registeredCustomer(t, phone);
  const userId = await customerWithBonuses(t, phone, bonuses);
  const [card] = await t.deps.db.select().from(cards).where(eq(cards.userId, userId));
  if (!card) throw new Error('card not issued');
  return { userId, cardNum: card.cardNum, secret: card.qrSecret };
}

/** The 22 digits the cabinet's QR carries at `atMs`: the card number and the 6-digit TOTP (120 s step). */
export function memberCode(card: { cardNum: string; secret: string }, atMs: number): string {
  const totp = new TOTP({
    algorithm: 'SHA1',
    digits: 6,
    period: 120,
    secret: Secret.fromBase32(card.secret),
  });
  return `${card.cardNum}${totp.generate({ timestamp: atMs })}`;
}

export const till = (t: TestApp, key: string, method: 'GET' | 'POST', url: string, payload?: object) =>
  t.app.inject({ method, url, payload, headers: { authorization: `Bearer ${key}` } });
