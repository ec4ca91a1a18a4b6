/** The console's «Фискальные чеки» (decision 070, issue 30): the 54-FZ receipts' outbox, its failures and retry. */
export const ruAdminFiscal = {
  nav: 'Фискальные чеки',
  heading: 'Фискальные чеки',
  lead:
    'Чеки по 54-ФЗ, которые Копилка пробивает через облачную кассу за деньги, принятые на сайте: ' +
    'оплаты на сайте, подарочные карты, оплаты сохранённой картой на кассе и возвраты. ' +
    'Чек, который не удалось пробить, можно отправить снова.',
  filter: 'Отбор чеков',
  status: 'Состояние',
  anyStatus: 'Любое',
  from: 'С (дд.мм.гггг)',
  to: 'По (дд.мм.гггг)',
  find: 'Показать',
  badRange: 'Даты: дд.мм.гггг, и «с» не позже «по»',
  empty: 'Чеков нет',
  totals: (count: string, total: string) => `Чеков: ${count} на сумму ${total}`,
  /** Shown when the list is cut at its limit while the totals count all. */
  cut: (shown: number) => `Показаны последние ${shown}`,
  retry: 'Отправить снова',
  retried: 'Чек поставлен в очередь',
  ofdLink: 'Чек в ОФД',
  fiscalSigns: (fn: string, fd: string, fp: string) => `ФН ${fn}, ФД ${fd}, ФП ${fp}`,
  nextAttempt: (at: string) => `Следующая попытка ${at}`,
  columns: {
    createdAt: 'Поставлен',
    kind: 'Вид',
    source: 'За что',
    total: 'Сумма',
    status: 'Состояние',
    attempts: 'Попыток',
    result: 'Чек или причина',
    retry: 'Повтор',
  },
  kinds: { sell: 'Приход', sell_refund: 'Возврат прихода' } as Record<string, string>,
  sources: {
    payment_draft: 'Оплата на сайте',
    till_card_payment: 'Оплата картой на кассе',
    refund: 'Возврат',
  } as Record<string, string>,
  statuses: {
    queued: 'В очереди',
    sent: 'Отправлен, ждёт ответа',
    done: 'Пробит',
    failed: 'Не пробит',
  } as Record<string, string>,
};
