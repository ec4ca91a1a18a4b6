/** The interface kit page's copy (/ui), loaded with that page only. */
export const ruUiKit = {
  lead: 'Кнопки, окна и уведомления сайта в цветах программы.',
  buttons: 'Кнопки',
  primary: 'Основная',
  accent: 'Акцентная',
  disabled: 'Недоступна',
  layers: 'Окна и уведомления',
  showPopup: 'Показать окно',
  showNotice: 'Показать уведомление',
  popupTitle: 'Пример окна',
  popupText: 'Окно закрывается крестиком, клавишей Escape или щелчком по затемнению.',
  popupOk: 'Понятно',
  noticeText: 'Так выглядит уведомление.',
  payments: 'Оплата',
  payBySbp: 'Оплатить через СБП',
} as const;
