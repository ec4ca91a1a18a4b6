// One customer-visible operation each: the steps a browser, a payer or a till makes, over HTTP. A step that is
// safe to repeat (idempotent by key or by design) is retried through an outage, as a careful client would.
import { randomUUID } from 'node:crypto';
import { Secret, TOTP } from 'otpauth';
import { call, expectOk, ok, StepFailed, type Answer } from './http';

export const OTP = '24680';
const GOOD_CARD = '4111111111111111';
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** Repeats a step that is safe to repeat while the answer is "unavailable" (503 or no answer), up to 5 times. */
async function retrying(step: string, send: () => Promise<Answer>): Promise<Answer> {
  let answer = await send();
  for (let tries = 1; tries < 5 && (answer.status === 503 || answer.status === 0); tries++) {
    await sleep(400 * tries);
    answer = await send();
  }
  return expectOk(step, answer);
}

export interface Session {
  phone: string;
  token: string;
  refresh: string;
  /** A refresh whose answer was lost may have rotated the token: the final check cannot judge this one. */
  unsure: boolean;
}

export async function login(base: string, phone: string): Promise<Session> {
  expectOk('send code', await call(base, 'POST', '/api/auth/phone', { json: { phone } }));
  const pair = expectOk(
    'confirm',
    await call(base, 'POST', '/api/auth/token', { json: { phone, token: OTP } }),
  );
  const { token, refresh } = pair.body as { token: string; refresh: string };
  return { phone, token, refresh, unsure: false };
}

export async function refresh(base: string, session: Session): Promise<void> {
  const answer = await call(base, 'POST', '/api/auth/refresh', { json: { refresh: session.refresh } });
  if (!ok(answer)) {
    if (answer.status >= 500 || answer.status === 0) session.unsure = true;
    throw new StepFailed('refresh', answer);
  }
  const pair = answer.body as { token: string; refresh: string };
  session.token = pair.token;
  session.refresh = pair.refresh;
}

const CONTENT = ['/api/header', '/api/news', '/api/points', '/api/faq', '/api/gc/images'];
export async function readContent(base: string, i: number): Promise<void> {
  // Every tenth read is a whole page rendered on the server.
  const path = i % 10 === 0 ? '/news' : CONTENT[i % CONTENT.length]!;
  expectOk(`GET ${path}`, await call(base, 'GET', path));
}

type Data = { data: { draftId: string; status: number; formUrl: string | null } };

/** A payment of `paySumRoubles` at point 1: all in bonuses, or by the sandbox card. Answers the draft id. */
export async function pay(
  base: string,
  session: Session,
  paySumRoubles: number,
  byCard: boolean,
): Promise<string> {
  const token = session.token;
  const key = randomUUID();
  const draftBody = {
    paySum: paySumRoubles,
    spendBonus: !byCard,
    payType: 'CARD',
    retailPointId: 1,
    idempotencyKey: key,
  };
  const draft = await retrying('createDraft', () =>
    call(base, 'POST', '/api/loyalty/createDraft', { token, json: draftBody }),
  );
  const { draftId } = (draft.body as Data).data;
  return finishDraft(base, token, draftId, `${base}/loyalty/finish`);
}

async function finishDraft(base: string, token: string, draftId: string, returnUrl: string) {
  const processed = await retrying('processDraft', () =>
    call(base, 'POST', '/api/loyalty/processDraft', { token, json: { draftId, returnUrl } }),
  );
  const { formUrl, status } = (processed.body as Data).data;
  if (formUrl) {
    const form = { pan: GOOD_CARD, expiry: '12/30', cvc: '123' };
    await retrying('sandbox card', () => call(base, 'POST', new URL(formUrl).pathname, { form }));
  } else if (status !== 0) {
    throw new StepFailed(`processDraft status ${status}`, processed);
  }
  const completed = await retrying('completeDraft', () =>
    call(base, 'POST', '/api/loyalty/completeDraft', { token, json: { draftId } }),
  );
  const result = (completed.body as Data).data;
  if (result.status !== 0) throw new StepFailed(`completeDraft status ${result.status}`, completed);
  return draftId;
}

/** A gift card of 500 roubles for one recipient, ordered and paid by the sandbox card. Answers the order id. */
export async function buyGiftCard(base: string, session: Session, recipient: string): Promise<string> {
  const token = session.token;
  const order = await retrying('gc/create', () =>
    call(base, 'POST', '/api/gc/create', {
      token,
      json: {
        nominal: '500',
        recipients: [{ phone: recipient, name: 'Получатель' }],
        congratulation: 'С праздником!',
        imageId: 'gift-1.webp',
        idempotencyKey: randomUUID(),
      },
    }),
  );
  const { orderId, bill } = (order.body as { data: { orderId: string; bill: { total: number } } }).data;
  const draft = await retrying('gift-card draft', () =>
    call(base, 'POST', '/api/loyalty/createDraft', {
      token,
      json: {
        productType: 'GIFT_CARD',
        giftCardOrderId: orderId,
        paySum: bill.total,
        payType: 'CARD',
        retailPointId: 1,
        idempotencyKey: randomUUID(),
      },
    }),
  );
  await finishDraft(base, token, (draft.body as Data).data.draftId, `${base}/gc/result`);
  return orderId;
}

/** The member code the cabinet shows: the card number and the TOTP of its secret (120 s step). */
export function memberCode(cardNum: string, secret: string, atMs: number): string {
  const totp = new TOTP({ algorithm: 'SHA1', digits: 6, period: 120, secret: Secret.fromBase32(secret) });
  return `${cardNum}${totp.generate({ timestamp: atMs })}`;
}

export interface Till {
  key: string;
  cardNum: string;
  secret: string;
  /** Member codes already offered (each is accepted once). */
  usedCodes: Set<string>;
}

/** Scans the demo customer's code: tries this step's code, then the next and the previous one. */
export async function openVisit(base: string, till: Till): Promise<string> {
  const now = Date.now();
  for (const at of [now, now + 120_000, now - 120_000]) {
    const code = memberCode(till.cardNum, till.secret, at);
    if (till.usedCodes.has(code)) continue;
    till.usedCodes.add(code);
    const answer = await call(base, 'POST', '/api/till/verify', { token: till.key, json: { code } });
    if (ok(answer)) return (answer.body as { visitId: string }).visitId;
    if (answer.status >= 500 || answer.status === 0) throw new StepFailed('till verify', answer);
  }
  throw new Error('no unused member code left in this 2-minute step');
}

type Operation = { operationId: string; state: string };

export async function accrue(base: string, till: Till, visitId: string): Promise<string> {
  const json = { visitId, sum: 100, idempotencyKey: `soak-${randomUUID()}` };
  const answer = await retrying('till accrue', () =>
    call(base, 'POST', '/api/till/accrue', { token: till.key, json }),
  );
  return (answer.body as Operation).operationId;
}

/** Spends 10 bonuses on a 100-rouble cheque: the hold, then its confirmation. */
export async function spend(base: string, till: Till, visitId: string): Promise<string> {
  const json = { visitId, sum: 100, bonuses: 10, idempotencyKey: `soak-${randomUUID()}` };
  const held = await retrying('till spend', () =>
    call(base, 'POST', '/api/till/spend', { token: till.key, json }),
  );
  const { operationId } = held.body as Operation;
  await retrying('till confirm', () =>
    call(base, 'POST', `/api/till/operations/${operationId}/confirm`, { token: till.key }),
  );
  return operationId;
}

export async function refundOperation(base: string, till: Till, operationId: string): Promise<void> {
  await retrying('till refund', () =>
    call(base, 'POST', `/api/till/operations/${operationId}/refund`, { token: till.key }),
  );
}
