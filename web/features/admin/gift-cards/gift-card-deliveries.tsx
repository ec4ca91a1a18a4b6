import { useQuery } from '@tanstack/react-query';
import type { FailedDelivery } from '#common/contract/operator-gift-cards';
import { ruAdmin } from '#web/i18n/ru-admin';
import { adminApi } from '../api';
import { ActionStatus } from '../kit/action-status';
import { Can } from '../kit/can';
import { DataTable, type Column } from '../kit/data-table';
import { useAction } from '../kit/use-action';
import { phoneText } from '../phone-text';

const t = ruAdmin.giftCards;
const KEYS = ['admin', 'gift-card-deliveries-failed'] as const;
const when = (iso: string) => new Date(iso).toLocaleString('ru-RU');

/** The gift-card screen's second part: cards whose SMS did not go out, and sending one again. */
export function FailedDeliveries() {
  const failed = useQuery({
    queryKey: KEYS,
    queryFn: () => adminApi().request('GET /api/operator/gift-card-deliveries/failed'),
  });
  const retry = useAction({
    run: (d: FailedDelivery) =>
      adminApi().request('POST /api/operator/gift-card-deliveries/:deliveryId/retry', {
        params: { deliveryId: d.deliveryId },
      }),
    done: (_, d) => t.retried(d.cardPublicId),
    invalidate: [KEYS],
  });

  const columns: Column<FailedDelivery>[] = [
    { header: t.deliveryColumns.card, cell: (d) => <code>{d.cardPublicId}</code> },
    { header: t.deliveryColumns.phone, cell: (d) => phoneText(d.phone) },
    { header: t.deliveryColumns.sendAt, cell: (d) => when(d.sendAt) },
    { header: t.deliveryColumns.attempts, cell: (d) => d.attempts, align: 'end' },
    {
      header: t.deliveryColumns.error,
      cell: (d) => (
        <>
          {d.lastError ?? ''}{' '}
          <Can permission="giftCards.write">
            <button type="button" className="admin-link" onClick={() => retry.run(d)}>
              {t.retry}
            </button>
          </Can>
        </>
      ),
    },
  ];

  return (
    <section aria-labelledby="failed-deliveries">
      <h2 id="failed-deliveries">{t.deliveries}</h2>
      <ActionStatus action={retry} />
      <DataTable
        label={t.deliveries}
        columns={columns}
        rows={failed.data}
        rowKey={(d) => d.deliveryId}
        empty={t.noFailures}
      />
    </section>
  );
}
