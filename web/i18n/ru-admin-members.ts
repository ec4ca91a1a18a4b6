/** The member's page, further (docs/decisions/033): its own texts, beside ru-admin.ts's members screen. */
export const ruAdminMemberPage = {
  holds: (bonuses: string, money: string) => `Удержано платежами в процессе: ${bonuses} · со счёта ${money}`,
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
  types: { PAYMENT: 'Оплата', CASHBACK: 'Начисление', DEPOSIT: 'Пополнение', RETURN: 'Возврат товаров' },
  from: 'С даты',
  to: 'По дату',
  apply: 'Показать',
  more: 'Показать ещё',
};

/** The member's profile on their page (decision 053). */
export const ruAdminMemberProfile = {
  heading: 'Об участнике',
  level: 'Уровень',
  levelValue: (title: string, percent: number, spend: string) =>
    `${title} · ${percent.toLocaleString('ru-RU')}% · покупки за 12 месяцев: ${spend}`,
  birthDate: 'Дата рождения',
  createdAt: 'В программе с',
  registeredAt: 'Регистрация',
  notRegistered: 'не завершена',
  consent: 'Согласие с условиями',
  consentValue: (version: string) => `дано, редакция ${version}`,
  noConsent: 'не дано',
  referrer: 'Пригласил',
  referrerValue: (cardNum: string, phone: string) => `карта ${cardNum} · ${phone}`,
  referrerUnknown: (cardNum: string) => `карта ${cardNum} (не найдена)`,
  email: 'Почта',
  deletedAt: 'Аккаунт удалён',
  none: '—',
  amount: 'Сумма',
};
