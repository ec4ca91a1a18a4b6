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

/** The member's consent to advertising in the console (decision 072). */
export const ruAdminMemberConsent = {
  title: 'Согласие на рекламу',
  lead: 'Отдельно от согласия на обработку данных. Дать согласие может только сам участник: при регистрации или в личном кабинете.',
  channels: { sms: 'SMS', email: 'E-mail', push: 'Push' },
  given: 'Дано',
  notGiven: 'Нет',
  withdraw: (channel: string) => `Записать отказ: ${channel}`,
  confirm: (channel: string) =>
    `Записать отказ участника от рекламы (${channel}) по его просьбе? Вернуть согласие может только сам участник.`,
  confirmYes: 'Записать отказ',
  cancel: 'Отмена',
  withdrawn: 'Отказ записан',
  history: 'История согласия',
  noHistory: 'Участник не давал и не отзывал согласие',
  columns: { at: 'Когда', channel: 'Канал', change: 'Изменение', source: 'Как', version: 'Версия текста' },
  granted: 'дал согласие',
  revoked: 'отозвал',
  sources: {
    registration: 'форма регистрации',
    cabinet: 'переключатель в кабинете',
    unsubscribe: 'ссылка отписки',
    operator: 'оператор по просьбе',
    account_deleted: 'удаление аккаунта',
  },
};
