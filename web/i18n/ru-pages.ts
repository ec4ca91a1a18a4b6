/** What pages say about themselves: their titles and link-preview descriptions, loaded with the pages. */
export const ruPages = {
  titles: {
    about: 'Правила программы',
    bonus: 'Бонусы партнёров',
    bonusEmpty: 'Здесь появятся страницы партнёров программы.',
    contacts: 'Контакты',
    countdown: 'Распродажа',
    faq: 'Вопросы и ответы',
    join: 'Вступить в программу',
    login: 'Личный кабинет',
    loyalty: 'Оплата покупки',
    loyaltyFinish: 'Результат оплаты',
    map: 'Карта магазинов',
    news: 'Новости',
    points: 'Магазины',
    profile: 'Личный кабинет',
    registration: 'Регистрация карты',
    session: 'Сессия',
    ui: 'Элементы интерфейса',
    giftCards: 'Подарочные карты',
    giftCardPayment: 'Оплата подарочной карты',
    giftCardResult: 'Подарочная карта оформлена',
    giftCardCompany: 'Подарочные карты для компаний',
    giftCardCompanyConfirm: 'Проверьте данные компании',
    giftCardCompanyResult: 'Счёт выставлен',
    giftCard: 'Подарочная карта',
    comingSoon: 'Раздел скоро откроется.',
  },
  meta: {
    login: (brand: string) =>
      `Вход в личный кабинет программы лояльности ${brand}: баланс бонусов, карта и история покупок.`,
    profile: (brand: string) =>
      `Личный кабинет программы лояльности ${brand}: карта, бонусы, QR-код для кассы.`,
    registration: (brand: string) =>
      `Регистрация бонусной карты программы лояльности ${brand} по номеру телефона.`,
    loyalty: (brand: string) =>
      `Оплата покупки бонусами, картой или через СБП: программа лояльности ${brand}.`,
  },
} as const;
