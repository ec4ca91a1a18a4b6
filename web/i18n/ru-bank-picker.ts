/** The SBP bank picker's copy (docs/decisions/010), imported by the picker so it loads with the payment pages. */
export const ruBankPicker = {
  // The spec's heading, its spelling ('приложение') included.
  title: 'Подтвердите оплату в Вашем банковском приложение',
  search: 'Поиск',
  remembered: 'ВЫ ВЫБИРАЛИ В ПРОШЛЫЙ РАЗ',
  all: 'ВСЕ БАНКИ',
  empty: 'По вашему запросу результатов не найдено',
  loading: 'Загружаем список банков…',
  loadError: 'Не удалось загрузить список банков.',
  retry: 'Повторить',
  qrLabel: 'QR-код для оплаты через СБП',
  qrHint: 'Отсканируйте QR-код камерой телефона или в приложении банка.',
  openLink: 'Открыть ссылку на оплату',
} as const;
