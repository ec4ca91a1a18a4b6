import { Link, useSearchParams } from 'react-router';
import { ru } from '../../i18n/ru';
import { ApiError } from '../../lib/api-client';
import { formatAmount, formatDate, formatPhone } from '../../lib/formats';
import { useSettings } from '../../lib/settings';
import { PageMeta } from '../../ui/page-meta';
import { LoyaltyError } from '../../payment/loyalty-error';
import { errorCodeOf } from '../../lib/api-errors';
import { useBoughtCard } from './gift-card-api';

const t = ru.giftCards;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

const dateTime = (iso: string) =>
  `${formatDate(iso)} в ${new Date(iso).toLocaleTimeString('ru-RU', { hour: '2-digit', minute: '2-digit' })}`;

/**
 * `/gc/result?d={orderId}`: the paid order as the buyer sees it (spec `POST /api/gc/getcard`): the picture,
 * the congratulation, the nominal and each recipient's card link with when its SMS went out or will go.
 * Without `d` it only confirms and offers another purchase.
 */
export function GiftCardResultPage() {
  const settings = useSettings();
  const [params] = useSearchParams();
  const raw = params.get('d');
  const orderId = raw && UUID.test(raw) ? raw : null;
  const card = useBoughtCard(orderId);

  let body;
  if (orderId === null) {
    body = <p className="page__lead">{t.resultLead}</p>;
  } else if (card.error instanceof ApiError && [401, 404].includes(card.error.status)) {
    body = <LoyaltyError title={t.orderMissingTitle} text={t.orderMissingText} />;
  } else if (card.isError) {
    body = (
      <LoyaltyError
        title={ru.loyalty.loadErrorTitle}
        text={card.error.message || ru.loyalty.loadErrorText}
        code={errorCodeOf(card.error)}
      />
    );
  } else if (!card.data) {
    body = (
      <p className="loader-text" role="status">
        {ru.shell.loading}
      </p>
    );
  } else {
    const { data } = card;
    body = (
      <div className="gc-result">
        <p className="page__lead">{t.resultLead}</p>
        <div className="gc-order__card">
          <img src={data.imageUrl} alt={t.cardPicture} width={320} height={200} />
          <p className="gc-order__congrats">{data.congratulation}</p>
        </div>
        <p className="gc-result__balance">
          {t.resultBalance}: <strong>{formatAmount(data.balance)}&nbsp;₽</strong>
        </p>
        <h2 className="section-title">{t.resultCards}</h2>
        <ul className="gc-result__cards">
          {data.cards.map((issued) => (
            <li key={issued.cardUrl} className="gc-result__card">
              <span className="gc-result__who">
                {issued.name ? `${issued.name}, ` : ''}
                {formatPhone(issued.phone)}
              </span>
              <span className="gc-result__sent">
                {issued.sentAt ? t.sentAt(dateTime(issued.sentAt)) : t.willSend}
              </span>
              <a href={issued.cardUrl} target="_blank" rel="noreferrer">
                {t.openCard}
              </a>
            </li>
          ))}
        </ul>
      </div>
    );
  }
  return (
    <div className="container page gc-page">
      <PageMeta title={ru.pages.giftCardResult} brand={settings.title} />
      <h1 className="page__title">{ru.pages.giftCardResult}</h1>
      {body}
      <Link className="button button--ghost" to="/gc/sale">
        {t.buyMore}
      </Link>
    </div>
  );
}
