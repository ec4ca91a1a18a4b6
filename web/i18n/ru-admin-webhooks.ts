/** The console's «События для систем сети» (decision 073): the endpoints and the delivery log. */
export const ruAdminWebhooks = {
  nav: 'Вебхуки',
  heading: 'События для систем сети',
  lead:
    'Адреса CRM, BI и других систем сети, которым Копилка отправляет события: каждое подписано ' +
    '(заголовок Kopilka-Signature), доставляется хотя бы раз и по порядку для каждого участника.',
  endpoints: 'Адреса',
  add: 'Добавить адрес',
  url: 'Адрес (https://…)',
  description: 'Описание',
  events: 'События',
  noEvents: 'Адресов пока нет',
  secretShown: 'Секрет подписи: сохраните его сейчас, больше он показан не будет.',
  rotate: 'Новый секрет',
  disable: 'Выключить',
  enable: 'Включить',
  on: 'Включён',
  off: 'Выключен',
  deliveries: 'Журнал доставок',
  status: 'Состояние',
  anyStatus: 'Любое',
  eventType: 'Событие',
  anyType: 'Любое',
  find: 'Показать',
  filter: 'Отбор доставок',
  noDeliveries: 'Доставок нет',
  replay: 'Отправить снова',
  replayed: 'Доставка поставлена в очередь',
  columns: {
    url: 'Адрес',
    events: 'События',
    state: 'Состояние',
    created: 'Создан',
    at: 'Событие создано',
    type: 'Тип',
    status: 'Доставка',
    attempts: 'Попыток',
    answer: 'Ответ',
    next: 'Следующая попытка',
    replay: 'Повтор',
  },
  statuses: { pending: 'В очереди', delivered: 'Доставлено', failed: 'Не доставлено' } as Record<
    string,
    string
  >,
  types: {
    'member.registered': 'Участник зарегистрирован',
    'member.deleted': 'Участник удалён',
    'member.level_changed': 'Уровень изменился',
    'operation.posted': 'Операция проведена',
    'operation.refunded': 'Операция возвращена',
    'coupon.issued': 'Купон выдан',
    'coupon.used': 'Купон использован',
    'gift_card.sold': 'Подарочная карта продана',
    'gift_card.used': 'Подарочная карта использована',
    'receipt.fiscalised': 'Чек фискализирован',
  } as Record<string, string>,
  answer: (code: number | null, ms: number | null, error: string | null) =>
    [code === null ? (error ?? '—') : `HTTP ${code}`, ms === null ? '' : `${ms} мс`]
      .filter(Boolean)
      .join(', '),
};
