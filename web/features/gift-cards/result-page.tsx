import { Link } from '#web/lib/router/links';
import { useSearchParams } from '#web/lib/router/hooks';
import { ruPages } from '#web/i18n/ru-pages';
import { ruGiftCards } from '#web/i18n/ru-gift-cards';
import { formatAmount } from '#common/lib/format';
import { formatPhone, localDateTime } from '#web/lib/formats';
import { useSettings } from '#web/lib/settings';
import { FiscalReceiptNote } from '#web/payment/fiscal-receipt-note';
import { PayerQueryStage } from '#web/payment/payer-query-stage';
import { PageMeta } from '#web/ui/page-meta';
import { useBoughtCard } from './gift-card-api';

const t = ruGiftCards;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * `/gc/result?d={orderId}`: the paid order as the buyer sees it (spec `POST /api/gc/getcard`): the picture,
 * the congratulation, the nominal and each recipient's card link with when its SMS went out or will go.
 * Without `d` (or with one this browser does not know) it says the order is not found and offers a purchase.
 */
export function GiftCardResultPage() {
  const settings = useSettings();
  const [params] = useSearchParams();
  const raw = params.get('d');
  const orderId = raw && UUID.test(raw) ? raw : null;
  const card = useBoughtCard(orderId);

  // Without an order in the address nothing was paid here: no 'Оплата прошла', only the missing order.
  const title = orderId === null ? ruPages.titles.giftCards : ruPages.titles.giftCardResult;
  return (
    <div className="container page gc-page">
      <PageMeta title={title} brand={settings.title} />
      <h1 className="page__title">{title}</h1>
      <PayerQueryStage
        query={card}
        named={orderId !== null}
        missing={{ title: t.orderMissingTitle, text: t.orderMissingText }}
      >
        {(data) => <BoughtCard data={data} checkedAt={card.dataUpdatedAt} />}
      </PayerQueryStage>
      <Link className="button button--ghost" to="/gc/sale">
        {t.buyMore}
      </Link>
    </div>
  );
}

/** The paid order: the picture, the congratulation, the balance and each recipient's card. */
function BoughtCard({
  data,
  checkedAt,
}: {
  data: NonNullable<ReturnType<typeof useBoughtCard>['data']>;
  /** When the answer came: a sending date before it is due (the page asks again then). */
  checkedAt: number;
}) {
  return (
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
              <span className="phone">{formatPhone(issued.phone)}</span>
            </span>
            <span className="gc-result__sent">
              {issued.sentAt
                ? t.sentAt(localDateTime(issued.sentAt))
                : issued.sendAt && Date.parse(issued.sendAt) > checkedAt
                  ? t.willSend(localDateTime(issued.sendAt))
                  : t.sending}
            </span>
            <a href={issued.cardUrl} target="_blank" rel="noreferrer">
              {t.openCard}
            </a>
          </li>
        ))}
      </ul>
      <FiscalReceiptNote receipt={data.fiscalReceipt} />
    </div>
  );
}
