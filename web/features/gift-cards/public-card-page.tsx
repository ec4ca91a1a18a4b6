import { useQuery } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { Link } from '#web/lib/router/links';
import { useParams } from '#web/lib/router/hooks';
import { ru } from '#web/i18n/ru';
import { ruGiftCards } from '#web/i18n/ru-gift-cards';
import { ApiError } from '#web/lib/api-client';
import { useApi } from '#web/lib/api-context';
import { formatAmount } from '#common/lib/format';
import { checkPhone, maskPhone } from '#common/lib/validation';
import { paragraphs } from '#web/lib/formats';
import { useIsLoggedIn } from '#web/lib/session';
import { useSettings } from '#web/lib/settings';
import { PageMeta } from '#web/ui/page-meta';
import { QrCode } from '#web/ui/qr-code';
import { TextField } from '#web/ui/text-field';
import { useAddToBalance, useRevealCode } from './gift-card-api';
import { publicGiftCardQuery } from './gift-card-queries';

const t = ruGiftCards;

/** 16 digits in groups of four, as a person reads them out at the till. */
const groupCode = (code: string) => code.replace(/(\d{4})(?=\d)/g, '$1 ');

/**
 * `/gc/{id}`, the recipient's page (footer hidden): the picture, congratulation and balance come with the
 * first HTML, with link-preview tags; the code for the till (a QR with the digits under it) appears only
 * after the last 4 digits of the recipient's phone. The server answers unknown ids and wrong digits alike.
 */
export function PublicGiftCardPage() {
  const api = useApi();
  const settings = useSettings();
  const { id = '' } = useParams();
  const card = useQuery(publicGiftCardQuery(api, id));
  const add = useAddToBalance(id);
  if (!card.data) return null; // The loader answered 404 before this renders without data.
  const { imageUrl, previewImageUrl, congratulation, balance, nominal, added } = card.data;
  const title = t.cardTitle(settings.title);
  return (
    <div className="container page gc-card-page">
      <PageMeta
        title={title}
        brand={settings.title}
        description={t.cardDescription(settings.title, `${formatAmount(nominal)} ₽`)}
        image={previewImageUrl}
      />
      <h1 className="page__title">{title}</h1>
      <div className="gc-card">
        <img className="gc-card__picture" src={imageUrl} alt={t.cardPicture} width={640} height={400} />
        <div className="gc-card__body">
          <div className="gc-card__congrats">
            {paragraphs(congratulation).map((line, index) => (
              <p key={index}>{line}</p>
            ))}
          </div>
          <p className="gc-card__balance">
            {t.cardBalance} <strong data-testid="gc-balance">{formatAmount(balance)}&nbsp;₽</strong>
          </p>
          {add.data ? (
            <Added added={add.data.added} amount={add.data.amount} />
          ) : added && balance === 0 ? (
            <p className="gc-added">{t.addedCard}</p>
          ) : (
            <RevealCode id={id} add={add} />
          )}
        </div>
      </div>
    </div>
  );
}

type AddMutation = ReturnType<typeof useAddToBalance>;

function RevealCode({ id, add }: { id: string; add: AddMutation }) {
  const [last4, setLast4] = useState('');
  const [phone, setPhone] = useState('');
  const [sent, setSent] = useState(false);
  const [wholePhone, setWholePhone] = useState(false);
  const reveal = useRevealCode(id);
  // The card's last-4 tries ran out (decision 047): the recipient types the whole phone instead.
  const askWholePhone =
    wholePhone || (reveal.error instanceof ApiError && reveal.error.code === 'GIFT_CARD_WHOLE_PHONE');
  const invalid = askWholePhone ? checkPhone(phone) !== null : !/^\d{4}$/.test(last4);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    setSent(true);
    if (invalid) return;
    if (askWholePhone) {
      setWholePhone(true);
      reveal.mutate({ phone: phone.replace(/\D/g, '') });
    } else reveal.mutate({ last4 });
  };
  if (reveal.data) {
    return (
      <div className="gc-code">
        <QrCode className="gc-code__qr" value={reveal.data.code} label={t.codeLabel} />
        <p className="gc-code__digits" data-testid="gc-code">
          {groupCode(reveal.data.code)}
        </p>
        <p className="gc-code__hint">{t.codeHint}</p>
        <AddToBalance add={add} />
      </div>
    );
  }
  const refused =
    reveal.error instanceof ApiError ? reveal.error.message : reveal.error ? ru.shell.somethingWrong : null;
  if (askWholePhone) {
    return (
      <form className="gc-reveal" noValidate onSubmit={submit}>
        <p>{t.wholePhoneHint}</p>
        <TextField
          label={t.wholePhone}
          type="tel"
          inputMode="tel"
          autoComplete="off"
          required
          value={phone}
          placeholder="+7 (___) ___-__-__"
          error={sent && invalid ? checkPhone(phone) : wholePhone ? refused : null}
          onValue={(value) => {
            setPhone(maskPhone(value));
            setWholePhone(true);
            if (reveal.error) reveal.reset();
          }}
        />
        <button type="submit" className="button" disabled={reveal.isPending}>
          {reveal.isPending ? t.revealing : t.reveal}
        </button>
      </form>
    );
  }
  return (
    <form className="gc-reveal" noValidate onSubmit={submit}>
      <p>{t.last4Hint}</p>
      <TextField
        label={t.last4}
        inputMode="numeric"
        autoComplete="off"
        maxLength={4}
        required
        value={last4}
        error={sent && invalid ? t.last4Invalid : refused}
        onValue={(value) => {
          setLast4(value.replace(/\D/g, '').slice(0, 4));
          reveal.reset();
        }}
      />
      <button type="submit" className="button" disabled={reveal.isPending}>
        {reveal.isPending ? t.revealing : t.reveal}
      </button>
    </form>
  );
}

/** The value moved: what was added and the balance now, in place of the code (the card is empty). */
function Added({ added, amount }: { added: number; amount: number }) {
  return (
    <div className="gc-added" role="status">
      <p>{t.addedText(`${formatAmount(added)}\u00a0₽`)}</p>
      <p data-testid="gc-added-balance">{t.addedBalance(`${formatAmount(amount)}\u00a0₽`)}</p>
      <Link className="button button--ghost" to="/profile">
        {t.toCabinet}
      </Link>
    </div>
  );
}

/**
 * After the code is shown: the recipient moves the card's value into their own balance, to spend it on the
 * site (decision 023). Only a customer logged in with the recipient's phone may; the server says so otherwise.
 */
function AddToBalance({ add }: { add: AddMutation }) {
  const loggedIn = useIsLoggedIn();
  const refused =
    add.error instanceof ApiError ? add.error.message : add.error ? ru.shell.somethingWrong : null;
  return (
    <section className="gc-add" aria-labelledby="gc-add-title">
      <h2 className="gc-add__title" id="gc-add-title">
        {t.addTitle}
      </h2>
      <p>{t.addText}</p>
      {loggedIn ? (
        <button type="button" className="button" disabled={add.isPending} onClick={() => add.mutate()}>
          {add.isPending ? t.adding : t.addButton}
        </button>
      ) : (
        <p>
          {t.addLogin} <Link to="/login">{t.addLoginLink}</Link>
        </p>
      )}
      <p className="form-error" role="status">
        {refused}
      </p>
    </section>
  );
}
