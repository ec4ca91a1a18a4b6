import { useState, type FormEvent } from 'react';
import type { UserInfo } from '#common/contract/cabinet';
import { checkCardNumber, checkRequired, maskCardNumber } from '#common/lib/validation';
import { ruCabinet } from '#web/i18n/ru-cabinet';
import { maskCardNum } from '#web/lib/formats';
import { TextField } from '#web/ui/text-field';
import { useRegisterCard, useSetActiveCard } from './api';
import { serverFailure } from './profile-form';

/** `/profile?t=cards`: the customer's loyalty cards, which one is active, and binding a plastic card. */
export function CardsTab({ info }: { info: UserInfo }) {
  const setActive = useSetActiveCard();
  const [failure, setFailure] = useState<string | null>(null);
  return (
    <section className="cabinet-section" aria-labelledby="cards-title">
      <h2 className="cabinet-section__title" id="cards-title">
        {ruCabinet.cardsTitle}
      </h2>
      <ul className="cards-list">
        {info.cards.map((card) => (
          <li key={card.id} className="cards-list__item">
            <span className="cards-list__number">{maskCardNum(card.cardNum)}</span>
            {card.active ? (
              <span className="badge">{ruCabinet.activeCard}</span>
            ) : (
              <button
                type="button"
                className="button button--ghost"
                disabled={setActive.isPending}
                // Spec section 4: setting the card that is already active does nothing, so only others offer it.
                onClick={() =>
                  setActive.mutate(card.id, {
                    onError: (error) => setFailure(serverFailure(error).message),
                  })
                }
              >
                {ruCabinet.makeActive}
              </button>
            )}
          </li>
        ))}
      </ul>
      {failure && (
        <p className="form-error" role="alert">
          {failure}
        </p>
      )}
      <AddCardForm info={info} />
    </section>
  );
}

function AddCardForm({ info }: { info: UserInfo }) {
  const register = useRegisterCard();
  const [cardNum, setCardNum] = useState('');
  const [error, setError] = useState<string | null>(null);
  const handleSubmit = (event: FormEvent) => {
    event.preventDefault();
    const problem = checkRequired(cardNum) ?? checkCardNumber(cardNum);
    setError(problem);
    if (problem) return;
    const { firstName, lastName, middleName, email, birthDate } = info;
    register.mutate(
      { firstName, lastName, middleName, email, birthDate, cardNum, refererID: '' },
      {
        onSuccess: () => setCardNum(''),
        onError: (failure) => {
          const { fields, message } = serverFailure(failure);
          setError(fields.cardNum ?? message);
        },
      },
    );
  };
  return (
    <form className="cabinet-form cabinet-form--inline" onSubmit={handleSubmit} noValidate>
      <h3 className="cabinet-form__title">{ruCabinet.addCard}</h3>
      <p className="cabinet-form__lead">{ruCabinet.addCardLead}</p>
      <TextField
        label={ruCabinet.cardNumber}
        value={cardNum}
        error={error}
        onValue={(value) => {
          setCardNum(maskCardNumber(value));
          setError(null);
        }}
        inputMode="numeric"
        autoComplete="off"
        maxLength={16}
        required
      />
      <button type="submit" className="button" disabled={register.isPending} aria-busy={register.isPending}>
        {ruCabinet.addCard}
      </button>
    </form>
  );
}
