import { useQuery } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { WEBHOOK_EVENT_TYPES, type WebhookEventType } from '#common/contract/codes';
import type { WebhookEndpointInfo } from '#common/contract/webhooks';
import { ruAdminWebhooks as t } from '#web/i18n/ru-admin-webhooks';
import { adminApi } from '../api';
import { useBrandDates } from '../dates';
import { ActionStatus } from '../kit/action-status';
import { useCan } from '../kit/can';
import { DataTable, type Column } from '../kit/data-table';
import { Field } from '../kit/field';
import { useAction } from '../kit/use-action';

export const ENDPOINTS = ['admin', 'webhooks', 'endpoints'] as const;

/** The event types as ticks of the form. */
function EventTicks() {
  return (
    <fieldset className="admin-fieldset">
      <legend>{t.events}</legend>
      <div className="admin-checks">
        {WEBHOOK_EVENT_TYPES.map((type) => (
          <label key={type}>
            <input type="checkbox" name="eventTypes" value={type} /> {t.types[type]} <code>{type}</code>
          </label>
        ))}
      </div>
    </fieldset>
  );
}

/** The endpoints: register one (the secret shown once), switch one off or on, give it a new secret. */
export function EndpointsPanel() {
  const canWrite = useCan('webhooks.write');
  const when = useBrandDates().dateTime;
  const endpoints = useQuery({
    queryKey: ENDPOINTS,
    queryFn: () => adminApi().request('GET /api/operator/webhooks'),
  });
  const [secret, setSecret] = useState('');
  const action = useAction<() => Promise<void>>({ run: (work) => work(), invalidate: [ENDPOINTS] });

  const add = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = event.currentTarget;
    const data = new FormData(form);
    action.run(async () => {
      const created = await adminApi().request('POST /api/operator/webhooks', {
        body: {
          url: String(data.get('url') ?? ''),
          description: String(data.get('description') ?? ''),
          eventTypes: data.getAll('eventTypes').map(String) as WebhookEventType[],
        },
      });
      setSecret(created.secret);
      form.reset();
    });
  };
  const toggle = (row: WebhookEndpointInfo) =>
    action.run(async () => {
      await adminApi().request('PATCH /api/operator/webhooks/:endpointId', {
        params: { endpointId: row.id },
        body: { active: !row.active },
      });
    });
  const rotate = (row: WebhookEndpointInfo) =>
    action.run(async () => {
      const rotated = await adminApi().request('POST /api/operator/webhooks/:endpointId/rotate-secret', {
        params: { endpointId: row.id },
      });
      setSecret(rotated.secret);
    });
  const columns: Column<WebhookEndpointInfo>[] = [
    { header: t.columns.url, cell: (e) => <code>{e.url}</code> },
    { header: t.description, cell: (e) => e.description },
    { header: t.columns.events, cell: (e) => e.eventTypes.map((type) => t.types[type] ?? type).join(', ') },
    { header: t.columns.created, cell: (e) => when(e.createdAt) },
    {
      header: t.columns.state,
      cell: (e) => (
        <>
          {e.active ? t.on : t.off}
          {canWrite && (
            <>
              {' '}
              <button type="button" className="admin-link" onClick={() => toggle(e)}>
                {e.active ? t.disable : t.enable}
              </button>{' '}
              <button type="button" className="admin-link" onClick={() => rotate(e)}>
                {t.rotate}
              </button>
            </>
          )}
        </>
      ),
    },
  ];

  return (
    <section>
      <h2>{t.endpoints}</h2>
      {canWrite && (
        <form className="admin-inline-form" onSubmit={add} aria-label={t.add}>
          <Field label={t.url} name="url" type="url" required maxLength={2000} />
          <Field label={t.description} name="description" maxLength={200} />
          <EventTicks />
          <button className="admin-button">{t.add}</button>
        </form>
      )}
      {secret && (
        <div className="admin-secret" role="status">
          <p>{t.secretShown}</p>
          <code data-testid="webhook-secret">{secret}</code>
        </div>
      )}
      <ActionStatus action={action} />
      <DataTable
        label={t.endpoints}
        columns={columns}
        rows={endpoints.data}
        rowKey={(e) => e.id}
        empty={t.noEvents}
        error={endpoints.isError}
      />
    </section>
  );
}
