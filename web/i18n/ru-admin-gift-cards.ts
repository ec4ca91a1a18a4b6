/** The console's gift-card lookup (docs/decisions/033): its own texts, beside ru-admin.ts's gift-card screen. */
export const ruAdminGiftCardLookup = {
  heading: 'Найти карту',
  search: 'Ссылка карты или последние цифры номера',
  find: 'Найти',
  none: 'Такой карты нет.',
  columns: {
    card: 'Карта',
    recipient: 'Получатель',
    balance: 'Остаток',
    state: 'Состояние',
  },
  number: (last4: string) => `•••• ${last4}`,
  balance: (balance: string, nominal: string) => `${balance} из ${nominal}`,
  states: {
    active: 'Действует',
    blocked: 'Заблокирована',
    added: 'Зачислена на счёт участника',
    spent: 'Израсходована',
  },
  paidBy: { card: 'оплачена картой', invoice: 'оплачена по счёту' },
  block: 'Заблокировать',
  unblock: 'Разблокировать',
  blocked: (last4: string) => `Карта •••• ${last4} заблокирована`,
  unblocked: (last4: string) => `Карта •••• ${last4} разблокирована`,
};

/** The gift-card screen's orders paid by bank card on the site (docs/decisions/033). */
export const ruAdminCardPaidOrders = {
  heading: 'Оплачено картой на сайте',
  empty: 'Заказов, оплаченных картой, пока нет.',
  columns: { paidAt: 'Оплачен', buyer: 'Покупатель', cards: 'Карты', total: 'Сумма' },
  cards: (quantity: number, nominal: string) => `${quantity} × ${nominal}`,
  /** A payer who bought without logging in by phone (a temporary user). */
  noPhone: 'без входа по телефону',
};
