import { login } from './auth-kit';
import type { TestApp } from './test-app';

const tokens = new WeakMap<TestApp, Map<string, Promise<string>>>();
let nextAddress = 1;

/**
 * An access token for `phone` on this test app, by the real SMS-code login (the development outbox). One
 * login per phone and app: the 60 s resend gap would refuse a second code, and one session is all a test needs.
 * Each login comes from its own address so the per-address send limit never trips a long test file.
 */
export function loginAs(t: TestApp, phone: string): Promise<string> {
  let byPhone = tokens.get(t);
  if (!byPhone) tokens.set(t, (byPhone = new Map()));
  let token = byPhone.get(phone);
  if (!token) {
    const n = nextAddress++;
    token = login(t, phone, `10.77.${(n >> 8) & 255}.${n & 255}`).then((pair) => pair.token);
    byPhone.set(phone, token);
  }
  return token;
}
