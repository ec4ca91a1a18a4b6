import { useId, useState } from 'react';
import { useSearchParams } from '#web/lib/router/hooks';
import type { SavedCard } from '#common/contract/bindings';
import { ru } from '#web/i18n/ru';
import { ruCabinet } from '#web/i18n/ru-cabinet';
import { hasCode } from '#web/lib/api-errors';
import { useShell } from '#web/ui/shell-state';
import { useBindCard, useBindingStatus, useSavedCards, useUnbindCard } from './saved-cards-api';
import { SmsStepUp } from './sms-step-up';
import { WalletBinding } from './wallet-binding';

const t = ruCabinet.savedCards;

/**
 * `/profile?t=cards`, the bank cards part (issue 6; docs/decisions/016-saved-bank-cards.md): the saved cards,
 * 'Сохранить банковскую карту' (after a fresh SMS code when the login is older than a few minutes), the
 * gateway's answer when it sends the customer back (`&binding=<requestId>`), and the card deletion popup.
 */
export function SavedCards({ phone }: { phone: string }) {
  const titleId = useId();
  const cards = useSavedCards();
  const bind = useBindCard();
  const [params] = useSearchParams();
  const outcome = useBindingStatus(params.get('binding'));
  const [requestId, setRequestId] = useState(() => crypto.randomUUID());
  const [stepUp, setStepUp] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const [notice, setNotice] = useState<string | null>(null);

  const startBinding = () => {
    setFailure(null);
    const url = new URL('/profile?t=cards', window.location.origin).toString();
    bind.mutate(
      { url, requestId },
      {
        onSuccess: ({ bindURL }) => window.location.assign(bindURL),
        onError: (error) => {
          if (hasCode(error, 'SMS_CONFIRMATION_REQUIRED')) return setStepUp(true);
          setRequestId(crypto.randomUUID());
          setFailure(t.failure);
        },
      },
    );
  };

  const result = outcome.data;
  // The bank's answer is news only until the customer does something newer: after a removal it would say
  // 'сохранена' beside 'удалена'.
  const outcomeText = notice
    ? null
    : outcome.isError
      ? t.failure
      : result?.state === 'pending'
        ? t.checking
        : result?.state === 'bound' && result.card
          ? t.bound(result.card.maskedPan)
          : result?.state === 'failed'
            ? t.failure
            : null;

  return (
    <section className="cabinet-section saved-cards" aria-labelledby={titleId}>
      <h2 className="cabinet-section__title" id={titleId}>
        {t.title}
      </h2>
      <p className="cabinet-form__lead">{t.lead}</p>
      {outcomeText && (
        <p
          className={result?.state === 'bound' ? 'form-success' : 'form-error'}
          role={result?.state === 'failed' || outcome.isError ? 'alert' : 'status'}
        >
          {outcomeText}
        </p>
      )}
      {cards.isError ? (
        <p className="form-error" role="alert">
          {t.failure}
        </p>
      ) : cards.data === undefined ? (
        <p className="loader-text" role="status">
          {ru.shell.loading}
        </p>
      ) : cards.data.cards.length === 0 ? (
        <p className="saved-cards__empty">{t.empty}</p>
      ) : (
        <ul className="cards-list" data-testid="saved-cards">
          {cards.data.cards.map((card) => (
            <SavedCardItem key={card.bindingId} card={card} onRemoved={setNotice} />
          ))}
        </ul>
      )}
      <p className="form-success" role="status">
        {notice}
      </p>
      {stepUp ? (
        <SmsStepUp
          phone={phone}
          onConfirmed={() => {
            setStepUp(false);
            startBinding();
          }}
          onCancel={() => setStepUp(false)}
        />
      ) : (
        <button type="button" className="button" disabled={bind.isPending} onClick={startBinding}>
          {bind.isPending ? t.adding : t.add}
        </button>
      )}
      {failure && (
        <p className="form-error" role="alert">
          {failure}
        </p>
      )}
      {cards.data && <WalletBinding phone={phone} offers={cards.data.wallets} />}
    </section>
  );
}

function SavedCardItem({ card, onRemoved }: { card: SavedCard; onRemoved(text: string): void }) {
  const { openPopup } = useShell();
  return (
    <li className="cards-list__item">
      <span className="cards-list__number">
        {card.maskedPan}
        {card.expiry && <small className="saved-cards__expiry"> {t.expires(card.expiry)}</small>}
      </span>
      {card.bindingState === 'INACTIVE' && <span className="badge badge--muted">{t.inactive}</span>}
      <button
        type="button"
        className="button button--ghost"
        onClick={() =>
          openPopup({ title: t.deleteTitle, content: <DeleteCard card={card} onRemoved={onRemoved} /> })
        }
      >
        {t.remove}
      </button>
    </li>
  );
}

/** The card deletion popup (spec section 2 "Popups"). */
function DeleteCard({ card, onRemoved }: { card: SavedCard; onRemoved(text: string): void }) {
  const { closePopup } = useShell();
  const unbind = useUnbindCard();
  return (
    <div className="delete-card">
      <p>{t.deleteText(card.maskedPan)}</p>
      <div className="loyalty-actions">
        <button
          type="button"
          className="button button--danger"
          disabled={unbind.isPending}
          onClick={() =>
            unbind.mutate(card.bindingId, {
              onSuccess: () => {
                closePopup();
                onRemoved(t.removed(card.maskedPan));
              },
            })
          }
        >
          {t.deleteConfirm}
        </button>
        <button type="button" className="button button--ghost" onClick={closePopup}>
          {t.cancel}
        </button>
      </div>
      {unbind.isError && (
        <p className="form-error" role="alert">
          {t.failure}
        </p>
      )}
    </div>
  );
}
