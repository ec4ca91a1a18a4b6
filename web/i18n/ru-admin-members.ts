/** The member's page, further (docs/decisions/033): its own texts, beside ru-admin.ts's members screen. */
export const ruAdminMemberPage = {
  holds: (bonus: string, money: string) =>
    `Удержано платежами в процессе: бонусов ${bonus} · со счёта ${money}`,
  savedCards: 'Сохранённые банковские карты',
  noSavedCards: 'Сохранённых карт нет.',
  savedCardsFailed: 'Банк не ответил: список карт недоступен.',
  inactive: 'не действует',
  expiry: (mmYy: string) => `до ${mmYy}`,
  resendSms: 'Отправить СМС с кодом входа',
  smsSent: 'СМС с кодом входа отправлено участнику.',
  filters: 'Фильтр операций',
  type: 'Вид',
  anyType: 'Все',
  types: { PAYMENT: 'Оплата', CASHBACK: 'Начисление', DEPOSIT: 'Пополнение' },
  from: 'С даты',
  to: 'По дату',
  apply: 'Показать',
  more: 'Показать ещё',
};
