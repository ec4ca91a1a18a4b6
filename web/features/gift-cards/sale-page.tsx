import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Link } from '#web/lib/router/links';
import type { GiftCardOrder } from '#common/contract/gift-cards';
import { ru } from '#web/i18n/ru';
import { ruPages } from '#web/i18n/ru-pages';
import { ruGiftCards } from '#web/i18n/ru-gift-cards';
import { customerMessageOf } from '#web/lib/api-errors';
import { useApi } from '#web/lib/api-context';
import { pointsQuery } from '#web/lib/content';
import { useSettings } from '#web/lib/settings';
import { EmptyState } from '#web/ui/empty-state';
import { PageMeta } from '#web/ui/page-meta';
import { useCreateOrder } from './gift-card-api';
import { giftCardDiscountQuery, giftCardImagesQuery } from './gift-card-queries';
import { OrderStep } from './order-step';
import { initialSaleForm, orderBody, type SaleFormValues } from './sale-form';
import { SaleFormView } from './sale-form-view';

const t = ruGiftCards;

/**
 * `/gc/sale` (and `/gc`): a customer, or a visitor through a temporary payer, orders gift cards. The form
 * becomes an order the server prices; the order step pays it through a GIFT_CARD draft.
 */
export function GiftCardSalePage() {
  const api = useApi();
  const settings = useSettings();
  const images = useQuery(giftCardImagesQuery(api));
  const discount = useQuery(giftCardDiscountQuery(api));
  const points = useQuery({ ...pointsQuery(api), enabled: settings.giftCardPointId === null });
  const retailPointId = settings.giftCardPointId ?? points.data?.points[0]?.id ?? null;
  const pictures = images.data?.pictures ?? [];
  const [values, setValues] = useState<SaleFormValues>(() => initialSaleForm(pictures[0]?.id));
  // One idempotency key per version of the form: a double click or a retry answers the same order.
  const [orderKey, setOrderKey] = useState(() => crypto.randomUUID());
  const [order, setOrder] = useState<GiftCardOrder | null>(null);
  const create = useCreateOrder();

  const change = (next: SaleFormValues) => {
    setValues(next);
    setOrderKey(crypto.randomUUID());
    create.reset();
  };
  const failure = create.error ? customerMessageOf(create.error) : null;

  let body;
  if (!pictures.length || retailPointId === null) {
    body =
      images.isPending || points.isFetching ? (
        <p className="loader-text" role="status">
          {ru.shell.loading}
        </p>
      ) : (
        <EmptyState title={ru.content.empty}>{ru.content.emptyText}</EmptyState>
      );
  } else if (order) {
    body = (
      <OrderStep
        order={order}
        email={values.email.trim()}
        retailPointId={retailPointId}
        onChange={() => setOrder(null)}
      />
    );
  } else {
    body = (
      <SaleFormView
        values={values.imageId ? values : { ...values, imageId: pictures[0]!.id }}
        onChange={change}
        images={pictures}
        percentRate={discount.data ?? 0}
        busy={create.isPending}
        failure={failure}
        onSubmit={() => {
          const current = values.imageId ? values : { ...values, imageId: pictures[0]!.id };
          create.mutate(orderBody(current, orderKey), { onSuccess: setOrder });
        }}
      />
    );
  }

  return (
    <div className="container page gc-page">
      <PageMeta
        title={ruPages.titles.giftCards}
        brand={settings.title}
        description={t.lead(settings.title)}
      />
      <h1 className="page__title">{ruPages.titles.giftCards}</h1>
      <p className="page__lead">{t.lead(settings.title)}</p>
      {body}
      {!order && (
        <p className="gc-company-link">
          {t.forCompanies} <Link to="/gc/Entity">{t.forCompaniesLink}</Link>
        </p>
      )}
    </div>
  );
}
