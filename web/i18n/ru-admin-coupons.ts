import type { Promo } from '#common/contract/coupons';

/** The console's promo codes screen (decision 064): its own catalogue of texts, loaded with the console's chunk. */
export const ruAdminCoupons = {
  nav: 'Промокоды',
  heading: 'Промокоды и купоны',
  create: {
    heading: 'Новая акция с промокодами',
    title: 'Название',
    kind: 'Коды',
    kinds: {
      SHARED: 'Один общий код',
      UNIQUE: 'Одноразовые коды',
      PERSONAL: 'Персональные купоны',
    } satisfies Record<Promo['kind'], string>,
    code: 'Общий код',
    codeHint: 'Только для общего кода: буквы, цифры, - и _, например ЛЕТО',
    effect: 'Действие',
    effects: {
      DISCOUNT_PERCENT: 'Скидка, %',
      DISCOUNT_FIXED: 'Скидка, ₽',
      BONUS_PERCENT: 'Бонусы, % от суммы',
      BONUS_FIXED: 'Бонусы, штук',
    } satisfies Record<Promo['effect'], string>,
    value: 'Величина',
    valueHint: 'Процент — целое от 1 до 100; сумма — в рублях',
    category: 'Код категории каталога',
    categoryHint: 'Пусто — весь чек. На табак и алкоголь скидка не действует никогда',
    startsOn: 'Начало',
    endsOn: 'Конец',
    perMember: 'Раз на покупателя',
    total: 'Всего использований',
    limitHint: 'Пусто — без ограничения',
    save: 'Создать акцию',
    saved: 'Акция создана',
    badDay: 'Дата: дд.мм.гггг',
  },
  columns: {
    title: 'Акция',
    kind: 'Коды',
    effect: 'Действие',
    days: 'Даты',
    codes: 'Кодов',
    used: 'Использовано',
  },
  effectOf: (p: Pick<Promo, 'effect' | 'value' | 'categoryId'>) => {
    const amount = p.effect.endsWith('_PERCENT') ? `${p.value}%` : `${p.value} ₽`;
    const what = p.effect.startsWith('DISCOUNT') ? `скидка ${amount}` : `бонусы +${amount}`;
    return p.categoryId ? `${what}, категория ${p.categoryId}` : what;
  },
  daysOf: (from: string | null, to: string | null) =>
    !from && !to ? 'всегда' : `${from ?? '…'} — ${to ?? '…'}`,
  usedOf: (used: number, held: number) => (held > 0 ? `${used} (на кассе ${held})` : String(used)),
  open: 'Коды',
  empty: 'Акций с промокодами пока нет',
  codes: {
    heading: (title: string) => `Коды акции «${title}»`,
    count: 'Сколько кодов создать',
    generate: 'Создать коды',
    generated: (n: number, total: number) => `Создано кодов: ${n}, всего у акции: ${total}`,
    csv: 'Скачать CSV',
    phone: 'Телефон участника',
    phoneHint: '11 цифр, например 79001234567',
    issue: 'Выдать купон',
    issued: (code: string) => `Купон выдан: ${code}. Участник увидит его в личном кабинете`,
    shared: (code: string | null) => `Общий код: ${code ?? '—'}`,
    print: 'Коды для печати',
  },
  edit: {
    heading: (title: string) => `Изменить акцию «${title}»`,
    hint: 'Действие, величину и категорию не меняют: выданные коды их обещают',
    save: 'Сохранить',
    saved: 'Акция сохранена',
    pause: 'Приостановить',
    resume: 'Возобновить',
    paused: 'Акция приостановлена: кассы не принимают её коды',
    resumed: 'Акция возобновлена',
    isPaused: 'приостановлена',
  },
  sheet: {
    heading: (title: string) => `Коды для печати: «${title}»`,
    pageOf: (page: number, pages: number, total: number) =>
      `Лист ${page} из ${pages} · свободных кодов: ${total.toLocaleString('ru-RU')}`,
    print: 'Печать',
    back: 'К промокодам',
    previous: 'Предыдущие',
    next: 'Следующие',
    none: 'Свободных кодов нет: создайте новые',
    until: (day: string) => `до ${day}`,
    qr: (code: string) => `QR-код промокода ${code}`,
    barcode: (code: string) => `Штрихкод Code128 промокода ${code}`,
    cards: 'Карточки промокодов',
  },
};
