import { useQuery } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import type { GiftCardLookup } from '#common/contract/operator-gift-cards';
import { ruAdminGiftCardLookup as t } from '#web/i18n/ru-admin-gift-cards';
import { adminApi, adminErrorText } from '../api';
import { ActionStatus } from '../kit/action-status';
import { Can } from '../kit/can';
import { DataTable, type Column } from '../kit/data-table';
import { Field } from '../kit/field';
import { useAction } from '../kit/use-action';
import { phoneText } from '../phone-text';
import { roubles } from './gift-card-format';

const stateOf = (card: GiftCardLookup): keyof typeof t.states =>
  card.blocked ? 'blocked' : card.addedAt ? 'added' : card.balance === 0 ? 'spent' : 'active';

const columns = (block: (card: GiftCardLookup) => void): Column<GiftCardLookup>[] => [
  {
    header: t.columns.card,
    cell: (card) => (
      <>
        {t.number(card.codeLast4)}
        <br />
        <small>
          <code>{card.publicId}</code> · {t.paidBy[card.paidBy]}
        </small>
      </>
    ),
  },
  {
    header: t.columns.recipient,
    cell: (card) => (
      <>
        {card.recipientName} <small>{phoneText(card.recipientPhone)}</small>
      </>
    ),
  },
  { header: t.columns.balance, cell: (card) => t.balance(roubles(card.balance), roubles(card.nominal)) },
  {
    header: t.columns.state,
    cell: (card) => (
      <>
        {t.states[stateOf(card)]}{' '}
        <Can permission="giftCards.write">
          <button
            type="button"
            className="admin-link"
            // Each row's button says which card it acts on (a screen reader lists them out of the table).
            aria-label={`${card.blocked ? t.unblock : t.block}: ${t.number(card.codeLast4)}`}
            onClick={() => block(card)}
          >
            {card.blocked ? t.unblock : t.block}
          </button>
        </Can>
      </>
    ),
  },
];

/**
 * The gift-card screen's lookup (docs/decisions/033): a card by its link or the last digits of its number, its
 * state and balance, and (for holders of giftCards.write) the block and unblock; the server checks again.
 */
export function GiftCardLookupSection() {
  const [query, setQuery] = useState('');
  const keys = ['admin', 'gift-card-lookup', query] as const;
  const found = useQuery({
    queryKey: keys,
    queryFn: () => adminApi().request('GET /api/operator/gift-cards', { query: { q: query } }),
    enabled: query.length > 0,
    retry: false,
  });
  const block = useAction({
    run: (card: GiftCardLookup) =>
      adminApi().request('POST /api/operator/gift-cards/:publicId/block', {
        params: { publicId: card.publicId },
        body: { blocked: !card.blocked },
      }),
    done: (_, card) => (card.blocked ? t.unblocked : t.blocked)(card.codeLast4),
    invalidate: [keys],
  });

  const search = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    block.reset();
    setQuery(String(new FormData(event.currentTarget).get('q') ?? '').trim());
  };

  return (
    <section aria-labelledby="gift-card-lookup">
      <h2 id="gift-card-lookup">{t.heading}</h2>
      <form className="admin-inline-form" role="search" aria-label={t.heading} onSubmit={search}>
        <Field label={t.search} name="q" required />
        <button className="admin-button">{t.find}</button>
      </form>
      <ActionStatus action={block} />
      <DataTable
        label={t.heading}
        columns={columns(block.run)}
        rows={found.data}
        rowKey={(card) => card.publicId}
        rowProps={(card) => ({ 'data-testid': `gift-card-${card.publicId}` })}
        empty={t.none}
        error={found.isError && adminErrorText(found.error)}
      />
    </section>
  );
}
