// Helpers for the auth API tests: a clock the test moves, and the calls a client makes.
import type { Clock } from '../core/clock';
import type { TestApp } from './test-app';

export interface FakeClock extends Clock {
  advance(ms: number): void;
}

export function fakeClock(start = Date.parse('2030-01-01T09:00:00Z')): FakeClock {
  let now = start;
  return { now: () => new Date(now), advance: (ms) => void (now += ms) };
}

export const sendPhone = (t: TestApp, phone: string, ip = '127.0.0.1') =>
  t.app.inject({ method: 'POST', url: '/api/auth/phone', payload: { phone }, remoteAddress: ip });

export const confirm = (t: TestApp, phone: string, token: string) =>
  t.app.inject({ method: 'POST', url: '/api/auth/token', payload: { phone, token } });

export const refresh = (t: TestApp, token: string) =>
  t.app.inject({ method: 'POST', url: '/api/auth/refresh', payload: { refresh: token } });

export const withBearer = (t: TestApp, url: string, token: string) =>
  t.app.inject({ url, headers: { authorization: `Bearer ${token}` } });

/** The newest messages for a phone, as the development outbox shows them. */
export async function outbox(t: TestApp, phone: string) {
  const response = await t.app.inject(`/api/dev/outbox?phone=${phone}`);
  return response.json() as { phone: string; text: string; code: string; sentAt: string }[];
}

export async function lastCode(t: TestApp, phone: string): Promise<string> {
  const [message] = await outbox(t, phone);
  if (!message) throw new Error(`no SMS to ${phone}`);
  return message.code;
}

/** A code that is certainly not `code`. */
export const wrongCode = (code: string) => String((Number(code) + 1) % 100_000).padStart(5, '0');

/** Sends a code and confirms it: the token pair of a fresh session. */
export async function login(t: TestApp, phone: string, ip = '127.0.0.1') {
  const sent = await sendPhone(t, phone, ip);
  if (sent.statusCode !== 200) throw new Error(`send failed: ${sent.body}`);
  const response = await confirm(t, phone, await lastCode(t, phone));
  if (response.statusCode !== 200) throw new Error(`confirm failed: ${response.body}`);
  return response.json() as { token: string; refresh: string };
}
