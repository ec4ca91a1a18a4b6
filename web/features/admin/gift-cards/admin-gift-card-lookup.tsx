import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import type { GiftCardLookup } from '../../../../common/contract/operator-gift-cards';
import { ruAdmin } from '../../../i18n/ru-admin';
import { ruAdminGiftCardLookup as t } from '../../../i18n/ru-admin-gift-cards';
import { adminApi, adminErrorText, useStaffSession } from '../admin-api';
import { Field, TableScroll } from '../field';
import { phoneText } from '../phone-text';

const roubles = (value: number) => `${value.toLocaleString('ru-RU')} ₽`;

const stateOf = (card: GiftCardLookup): keyof typeof t.states =>
  card.blocked ? 'blocked' : card.addedAt ? 'added' : card.balance === 0 ? 'spent' : 'active';

/**
 * The gift-card screen's lookup (docs/decisions/033): a card by its link or the last digits of its number, its
 * state and balance, and (for holders of giftCards.write) the block and unblock; the server checks again.
 */
export function GiftCardLookupSection() {
  const queryClient = useQueryClient();
  const canWrite = useStaffSession().data?.permissions.includes('giftCards.write') ?? false;
  const [query, setQuery] = useState('');
  const keys = ['admin', 'gift-card-lookup', query] as const;
  const found = useQuery({
    queryKey: keys,
    queryFn: () => adminApi().request('GET /api/operator/gift-cards', { query: { q: query } }),
    enabled: query.length > 0,
    retry: false,
  });
  const [error, setError] = useState('');
  const [done, setDone] = useState('');

  const search = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setDone('');
    setError('');
    setQuery(String(new FormData(event.currentTarget).get('q') ?? '').trim());
  };

  const setBlocked = async (card: GiftCardLookup, blocked: boolean) => {
    setError('');
    setDone('');
    try {
      await adminApi().request('POST /api/operator/gift-cards/:publicId/block', {
        params: { publicId: card.publicId },
        body: { blocked },
      });
      setDone((blocked ? t.blocked : t.unblocked)(card.codeLast4));
    } catch (failure) {
      setError(adminErrorText(failure));
    }
    await queryClient.invalidateQueries({ queryKey: keys });
  };

  return (
    <section aria-labelledby="gift-card-lookup">
      <h2 id="gift-card-lookup">{t.heading}</h2>
      <form className="admin-inline-form" role="search" aria-label={t.heading} onSubmit={search}>
        <Field label={t.search} name="q" required />
        <button className="admin-button">{t.find}</button>
      </form>
      {done && <p role="status">{done}</p>}
      {(error || found.isError) && (
        <p className="admin-error" role="alert">
          {error || (found.isError ? adminErrorText(found.error) : ruAdmin.loadError)}
        </p>
      )}
      {found.data && found.data.length === 0 && <p>{t.none}</p>}
      {found.data && found.data.length > 0 && (
        <TableScroll label={t.heading}>
          <table className="admin-table">
            <thead>
              <tr>
                <th scope="col">{t.columns.card}</th>
                <th scope="col">{t.columns.recipient}</th>
                <th scope="col">{t.columns.balance}</th>
                <th scope="col">{t.columns.state}</th>
              </tr>
            </thead>
            <tbody>
              {found.data.map((card) => (
                <tr key={card.publicId} data-testid={`gift-card-${card.publicId}`}>
                  <td>
                    {t.number(card.codeLast4)}
                    <br />
                    <small>
                      <code>{card.publicId}</code> · {t.paidBy[card.paidBy]}
                    </small>
                  </td>
                  <td>
                    {card.recipientName} <small>{phoneText(card.recipientPhone)}</small>
                  </td>
                  <td>{t.balance(roubles(card.balance), roubles(card.nominal))}</td>
                  <td>
                    {t.states[stateOf(card)]}{' '}
                    {canWrite && (
                      <button
                        type="button"
                        className="admin-link"
                        // Each row's button says which card it acts on (a screen reader lists them out of the table).
                        aria-label={`${card.blocked ? t.unblock : t.block}: ${t.number(card.codeLast4)}`}
                        onClick={() => void setBlocked(card, !card.blocked)}
                      >
                        {card.blocked ? t.unblock : t.block}
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
