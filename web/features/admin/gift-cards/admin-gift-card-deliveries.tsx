import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { ruAdmin } from '../../../i18n/ru-admin';
import { adminApi, adminErrorText, useStaffSession } from '../admin-api';
import { TableScroll } from '../field';
import { phoneText } from '../phone-text';

const t = ruAdmin.giftCards;
const KEYS = ['admin', 'gift-card-deliveries-failed'] as const;
const when = (iso: string) => new Date(iso).toLocaleString('ru-RU');

/** The gift-card screen's second part: cards whose SMS did not go out, and sending one again. */
export function FailedDeliveries() {
  const queryClient = useQueryClient();
  const canWrite = useStaffSession().data?.permissions.includes('giftCards.write') ?? false;
  const failed = useQuery({
    queryKey: KEYS,
    queryFn: () => adminApi().request('GET /api/operator/gift-card-deliveries/failed'),
  });
  const [error, setError] = useState('');
  const [done, setDone] = useState('');

  const retry = async (deliveryId: string, card: string) => {
    setError('');
    setDone('');
    try {
      await adminApi().request('POST /api/operator/gift-card-deliveries/:deliveryId/retry', {
        params: { deliveryId },
      });
      setDone(t.retried(card));
    } catch (failure) {
      setError(adminErrorText(failure));
    }
    await queryClient.invalidateQueries({ queryKey: KEYS });
  };

  return (
    <section aria-labelledby="failed-deliveries">
      <h2 id="failed-deliveries">{t.deliveries}</h2>
      {done && <p role="status">{done}</p>}
      {error && (
        <p className="admin-error" role="alert">
          {error}
        </p>
      )}
      {failed.data && failed.data.length === 0 && <p>{t.noFailures}</p>}
      {failed.data && failed.data.length > 0 && (
        <TableScroll label={t.deliveries}>
          <table className="admin-table">
            <thead>
              <tr>
                <th scope="col">{t.deliveryColumns.card}</th>
                <th scope="col">{t.deliveryColumns.phone}</th>
                <th scope="col">{t.deliveryColumns.sendAt}</th>
                <th scope="col">{t.deliveryColumns.attempts}</th>
                <th scope="col">{t.deliveryColumns.error}</th>
              </tr>
            </thead>
            <tbody>
              {failed.data.map((d) => (
                <tr key={d.deliveryId}>
                  <td>
                    <code>{d.cardPublicId}</code>
                  </td>
                  <td>{phoneText(d.phone)}</td>
                  <td>{when(d.sendAt)}</td>
                  <td>{d.attempts}</td>
                  <td>
                    {d.lastError ?? ''}{' '}
                    {canWrite && (
                      <button
                        type="button"
                        className="admin-link"
                        onClick={() => void retry(d.deliveryId, d.cardPublicId)}
                      >
                        {t.retry}
                      </button>
                    )}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </TableScroll>
      )}
    </section>
  );
}
