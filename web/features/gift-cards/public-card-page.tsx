import { useQuery } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { useParams } from 'react-router';
import { ru } from '../../i18n/ru';
import { ApiError } from '../../lib/api-client';
import { useApi } from '../../lib/api-context';
import { formatAmount, paragraphs } from '../../lib/formats';
import { useSettings } from '../../lib/settings';
import { PageMeta } from '../../ui/page-meta';
import { QrCode } from '../../ui/qr-code';
import { TextField } from '../../ui/text-field';
import { useRevealCode } from './gift-card-api';
import { publicGiftCardQuery } from './gift-card-queries';

const t = ru.giftCards;

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
  if (!card.data) return null; // The loader answered 404 before this renders without data.
  const { imageUrl, previewImageUrl, congratulation, balance, nominal } = card.data;
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
          <RevealCode id={id} />
        </div>
      </div>
    </div>
  );
}

function RevealCode({ id }: { id: string }) {
  const [last4, setLast4] = useState('');
  const [sent, setSent] = useState(false);
  const reveal = useRevealCode(id);
  const invalid = !/^\d{4}$/.test(last4);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    setSent(true);
    if (!invalid) reveal.mutate(last4);
  };
  if (reveal.data) {
    return (
      <div className="gc-code">
        <QrCode className="gc-code__qr" value={reveal.data.code} label={t.codeLabel} />
        <p className="gc-code__digits" data-testid="gc-code">
          {groupCode(reveal.data.code)}
        </p>
        <p className="gc-code__hint">{t.codeHint}</p>
      </div>
    );
  }
  const refused =
    reveal.error instanceof ApiError ? reveal.error.message : reveal.error ? ru.shell.somethingWrong : null;
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
