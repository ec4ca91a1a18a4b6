import { useQuery } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import {
  WEBHOOK_DELIVERY_STATUSES,
  WEBHOOK_EVENT_TYPES,
  type WebhookEventType,
} from '#common/contract/codes';
import type { WebhookDelivery } from '#common/contract/webhooks';
import { ruAdminWebhooks as t } from '#web/i18n/ru-admin-webhooks';
import { adminApi } from '../api';
import { useBrandDates } from '../dates';
import { ActionStatus } from '../kit/action-status';
import { useCan } from '../kit/can';
import { DataTable, type Column } from '../kit/data-table';
import { SelectField } from '../kit/field';
import { useAction } from '../kit/use-action';

type Status = (typeof WEBHOOK_DELIVERY_STATUSES)[number];
interface Filter {
  status?: Status;
  eventType?: WebhookEventType;
}

/** The delivery log, newest first, by state and event type; a delivery replayed by whoever may write. */
export function DeliveriesPanel() {
  const canReplay = useCan('webhooks.write');
  const when = useBrandDates().dateTime;
  const [filter, setFilter] = useState<Filter>({});
  const key = ['admin', 'webhooks', 'deliveries', filter] as const;
  const log = useQuery({
    queryKey: key,
    queryFn: () =>
      adminApi().request('GET /api/operator/webhooks/deliveries', { query: { ...filter, limit: 100 } }),
  });
  const action = useAction<string>({
    run: (deliveryId) =>
      adminApi().request('POST /api/operator/webhooks/deliveries/:deliveryId/replay', {
        params: { deliveryId },
      }),
    done: () => t.replayed,
    invalidate: [['admin', 'webhooks', 'deliveries']],
  });
  const find = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const data = new FormData(event.currentTarget);
    const status = String(data.get('status') ?? '');
    const eventType = String(data.get('eventType') ?? '');
    setFilter({
      ...(status ? { status: status as Status } : {}),
      ...(eventType ? { eventType: eventType as WebhookEventType } : {}),
    });
  };
  const columns: Column<WebhookDelivery>[] = [
    { header: t.columns.at, cell: (d) => when(d.eventCreatedAt) },
    { header: t.columns.type, cell: (d) => t.types[d.eventType] ?? d.eventType },
    { header: t.columns.url, cell: (d) => <code>{d.url}</code> },
    { header: t.columns.status, cell: (d) => t.statuses[d.status] },
    { header: t.columns.attempts, cell: (d) => d.attempts, align: 'end' },
    { header: t.columns.answer, cell: (d) => t.answer(d.lastStatusCode, d.lastResponseMs, d.lastError) },
    { header: t.columns.next, cell: (d) => (d.nextAttemptAt ? when(d.nextAttemptAt) : '—') },
    {
      header: t.columns.replay,
      cell: (d) =>
        canReplay && d.status !== 'pending' ? (
          <button type="button" className="admin-link" onClick={() => action.run(d.id)}>
            {t.replay}
          </button>
        ) : null,
    },
  ];
  return (
    <section>
      <h2>{t.deliveries}</h2>
      <form className="admin-inline-form" onSubmit={find} aria-label={t.filter}>
        <SelectField
          label={t.status}
          name="status"
          any={t.anyStatus}
          options={WEBHOOK_DELIVERY_STATUSES.map((s) => [s, t.statuses[s]!])}
        />
        <SelectField
          label={t.eventType}
          name="eventType"
          any={t.anyType}
          options={WEBHOOK_EVENT_TYPES.map((type) => [type, t.types[type]!])}
        />
        <button className="admin-button">{t.find}</button>
      </form>
      <ActionStatus action={action} />
      <DataTable
        label={t.deliveries}
        columns={columns}
        rows={log.data}
        rowKey={(d) => d.id}
        rowProps={(d) => ({ 'data-testid': `delivery-${d.status}` })}
        empty={t.noDeliveries}
        error={log.isError}
      />
    </section>
  );
}
