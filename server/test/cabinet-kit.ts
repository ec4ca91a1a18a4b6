// Helpers for the cabinet API tests: calls as a logged-in customer, and certificates issued straight to the DB.
import type { HTTPMethods } from 'fastify';
import { certificates } from '../db/schema/cabinet';
import { loginAs } from './login';
import type { TestApp } from './test-app';

export const DEMO_PHONE = '79000000001';
export const PROFILE = { firstName: 'Иван', lastName: 'Петров' };

/** Calls `url` as the customer of `phone` (logging in once per app). */
export async function callAs(t: TestApp, phone: string, method: HTTPMethods, url: string, payload?: object) {
  const token = await loginAs(t, phone);
  return t.app.inject({ method, url, payload, headers: { authorization: `Bearer ${token}` } });
}

export const infoOf = async (t: TestApp, phone: string) =>
  (await callAs(t, phone, 'GET', '/api/user/info')).json();

/** A customer with an issued card. */
export async function registeredCustomer(t: TestApp, phone: string, profile: object = PROFILE) {
  const response = await callAs(t, phone, 'POST', '/api/user/newCard', profile);
  if (response.statusCode !== 200) throw new Error(`newCard failed: ${response.body}`);
  return response.json();
}

/** Issues a certificate to a phone, as a gift-card sale or an operator would. */
export async function issueCertificate(
  t: TestApp,
  phone: string,
  fields: { nominal?: number; validTo?: string | null; title?: string } = {},
): Promise<string> {
  const [row] = await t.deps.db
    .insert(certificates)
    .values({
      phone,
      title: fields.title ?? 'Сертификат',
      nominal: fields.nominal ?? 100_000,
      validTo: fields.validTo ?? null,
    })
    .returning({ id: certificates.id });
  if (!row) throw new Error('certificate not stored');
  return row.id;
}
