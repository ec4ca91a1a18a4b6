/** The console's «Рассылки» (decision 076): campaigns and triggered messages, their sending and results. */
export const ruAdminMessages = {
  nav: 'Рассылки',
  heading: 'Рассылки',
  lead:
    'SMS и письма участникам с согласием на рекламу: тихие часы и лимит частоты из настроек программы ' +
    'соблюдаются сами. Часть получателей можно оставить без сообщения — контрольная группа покажет, ' +
    'сколько покупок принесла рассылка.',
  create: 'Новая рассылка',
  save: 'Создать',
  created: 'Рассылка создана',
  kind: 'Вид',
  kinds: {
    campaign: 'Разовая рассылка',
    lapsed: 'Мы скучаем: после дней без покупок',
    welcome: 'Приветствие после регистрации',
    level_up: 'Новый уровень',
    expiring: 'Бонусы скоро сгорят',
    birthday: 'День рождения',
  } as Record<string, string>,
  lapsedDays: 'Дней без покупок',
  welcomeHours: 'Через сколько часов после регистрации',
  welcomeHoursHint:
    '0 — сразу; приветствие приходит человеку один раз, даже если он удалит аккаунт и вернётся',
  expiringDays: 'За сколько дней до сгорания',
  expiringDaysHint: 'Одно сообщение на каждый день, когда сгорают бонусы участника',
  birthdayDays: 'За сколько дней до дня рождения',
  birthdayDaysHint: '0 — в сам день по часовому поясу программы; 29 февраля в невисокосный год — 28-го',
  levelUpHint: 'Сообщение уходит, когда участник поднимается на уровень выше, — один раз за каждый уровень.',
  triggerAudience: 'Поводы пишут всем участникам, у которых есть согласие на рекламу.',
  occasion: (kind: string, value: number | null) => {
    switch (kind) {
      case 'lapsed':
        return `Повод: ${value} дн. без покупок`;
      case 'welcome':
        return value ? `Повод: приветствие через ${value} ч. после регистрации` : 'Повод: приветствие сразу';
      case 'expiring':
        return `Повод: за ${value} дн. до сгорания бонусов`;
      case 'birthday':
        return value ? `Повод: за ${value} дн. до дня рождения` : 'Повод: в день рождения';
      default:
        return 'Повод: новый уровень';
    }
  },
  name: 'Название',
  channel: 'Канал',
  channels: { sms: 'SMS', email: 'E-mail', push: 'Web push' } as Record<string, string>,
  audience: 'Получатели',
  segmentOption: (name: string) => `Сегмент «${name}»`,
  allMembers: 'Все участники',
  subject: 'Тема письма',
  template: 'Текст',
  templateHint:
    'Переменные: {имя}, {баланс}, {сгорает}, {дата_сгорания}, {купон}. Ссылки станут короткими и ' +
    'посчитают переходы; ссылка на отписку добавится сама.',
  coupon: 'Купон из акции',
  noCoupon: 'Без купона',
  control: 'Контрольная группа, %',
  controlHint: 'От 0 до 50 %: столько получателей не получат сообщение',
  budget: 'Бюджет: не больше SMS',
  budgetHint: 'Пусто — без ограничения',
  attribution: 'Покупки считаются, дней',
  list: 'Все рассылки',
  none: 'Рассылок пока нет',
  open: 'Открыть',
  columns: { name: 'Название', channel: 'Канал', status: 'Состояние', created: 'Создана' },
  statuses: {
    draft: 'Черновик',
    scheduled: 'Запланирована',
    sending: 'Отправляется',
    done: 'Отправлена',
    stopped: 'Остановлена',
    active: 'Включена',
    paused: 'Выключена',
  } as Record<string, string>,
  stopReasons: { budget: 'бюджет исчерпан', operator: 'остановлена вручную' } as Record<string, string>,
  preview: 'Предпросмотр',
  previewFor: (name: string, parts: number) => `Так увидит ${name}; частей SMS: ${parts}`,
  testPhone: 'Ваш телефон для теста',
  testSend: 'Отправить себе',
  testSent: (to: string) => `Тестовое сообщение отправлено: ${to}`,
  sendNow: 'Отправить сейчас',
  sendAt: 'Отправить в',
  schedule: 'Запланировать',
  turnOn: 'Включить',
  stop: 'Остановить',
  turnOff: 'Выключить',
  startConfirm: 'Отправить рассылку? Отменить отправленное нельзя.',
  confirm: 'Да, отправить',
  cancel: 'Отмена',
  results: 'Результаты',
  resultsTable: 'Результаты по группам',
  resultsLead: (days: number) =>
    `Покупки и выручка — за ${days} дн. после сообщения; у контрольной группы — после старта.`,
  group: 'Показатель',
  campaignGroup: 'Получатели',
  controlGroup: 'Контрольная группа',
  rows: {
    audience: 'Участников',
    sent: 'Отправлено',
    delivered: 'Доставлено',
    skipped: 'Пропущено',
    waiting: 'Ждут отправки',
    clicked: 'Перешли по ссылке',
    buyers: 'Купили',
    purchases: 'Покупок',
    revenue: 'Выручка',
    conversion: 'Конверсия',
    revenuePerMember: 'Выручка на участника',
  },
  conversionLift: 'Прирост конверсии',
  revenueLift: 'Прирост выручки на участника',
  noControl: 'Без контрольной группы прирост не посчитать',
  points: 'п.п.',
  reasons: {
    'no-consent': 'нет согласия',
    'frequency-cap': 'лимит частоты',
    budget: 'бюджет',
    stopped: 'остановлена',
    'no-address': 'нет адреса',
    crash: 'прервано сбоем',
    'nothing-expires': 'бонусы уже потрачены',
  } as Record<string, string>,
  skippedBecause: 'Пропущены',
} as const;
