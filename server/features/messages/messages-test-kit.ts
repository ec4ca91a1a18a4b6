// Helpers for the messages' API tests (decisions 076, 081): members with consent, a trigger or campaign created
// and started through the API, the queue run as the job runs it, and the messages' rows read back.
import { eq } from 'drizzle-orm';
import { expect } from 'vitest';
import { changeConsent } from '#server/core/marketing/consent';
import { inTransaction } from '#server/db/in-transaction';
import { users } from '#server/db/schema/auth';
import { messages } from '#server/db/schema/messages';
import { createChannels } from './channels';
import { runMessageJob } from './message-job';
import type { FakeClock } from '#server/test/auth-kit';
import type { TestApp } from '#server/test/test-app';
import { OPERATOR_TOKEN } from '#server/test/till-kit';

const operator = { authorization: `Bearer ${OPERATOR_TOKEN}` };

export function messagesKit(t: () => TestApp, clockOf: () => FakeClock) {
  const db = () => t().deps.db;
  const api = (method: 'GET' | 'POST' | 'PUT', url: string, payload?: object) =>
    t().app.inject({ method, url, headers: operator, ...(payload && { payload }) });

  /** A member registered now (or at `registeredAt`), with SMS consent unless told otherwise. */
  async function member(
    phone: string,
    options: { consent?: boolean; birthDate?: string; registeredAt?: Date | null } = {},
  ) {
    const [row] = await db()
      .insert(users)
      .values({
        phone,
        firstName: 'Ольга',
        birthDate: options.birthDate ?? null,
        registeredAt: options.registeredAt === undefined ? clockOf().now() : options.registeredAt,
      })
      .returning({ id: users.id });
    if (options.consent !== false) {
      await inTransaction(db(), (tx) =>
        changeConsent(tx, {
          userId: row!.id,
          channel: 'sms',
          granted: true,
          source: 'cabinet',
          at: clockOf().now(),
        }),
      );
    }
    return row!.id;
  }

  /** Deletes a member's account through the operator's API, as a member's letter asks (decision 028). */
  async function deleteMember(phone: string) {
    const response = await api('POST', '/api/operator/members/delete', { phone, reason: 'Обращение 1' });
    expect(response.statusCode, response.body).toBe(200);
  }

  /** A trigger created and switched on through the API. */
  async function startTrigger(body: object) {
    const created = await api('POST', '/api/operator/messages', {
      kind: 'trigger',
      name: 'Повод',
      channel: 'sms',
      template: '{имя}, это для вас',
      controlPercent: 0,
      ...body,
    });
    expect(created.statusCode, created.body).toBe(200);
    const id = (created.json() as { id: string }).id;
    const started = await api('POST', `/api/operator/messages/${id}/start`, {});
    expect(started.statusCode, started.body).toBe(200);
    return id;
  }

  const job = () =>
    runMessageJob({
      db: db(),
      clock: clockOf(),
      config: t().deps.config,
      channels: createChannels(t().deps),
    });

  /** The trigger's messages: `<member id>:<status>[:<reason>]`, sorted. */
  const written = async (campaignId: string) =>
    (
      await db()
        .select({ userId: messages.userId, status: messages.status, reason: messages.reason })
        .from(messages)
        .where(eq(messages.campaignId, campaignId))
    )
      .map((r) => `${r.userId}:${r.status}${r.reason ? `:${r.reason}` : ''}`)
      .sort();

  return { api, member, deleteMember, startTrigger, job, written };
}
