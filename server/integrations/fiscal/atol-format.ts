import type { FiscalDocument } from '#server/core/fiscal/fiscal-document';

/** ATOL's `timestamp`: the request's local time as dd.mm.yyyy HH:MM:SS (Moscow: ATOL reads it so). */
export function atolTimestamp(at: Date): string {
  const parts = new Intl.DateTimeFormat('ru-RU', {
    timeZone: 'Europe/Moscow',
    day: '2-digit',
    month: '2-digit',
    year: 'numeric',
    hour: '2-digit',
    minute: '2-digit',
    second: '2-digit',
    hourCycle: 'h23',
  }).formatToParts(at);
  const part = (type: Intl.DateTimeFormatPartTypes) => parts.find((p) => p.type === type)!.value;
  return `${part('day')}.${part('month')}.${part('year')} ${part('hour')}:${part('minute')}:${part('second')}`;
}

/** Kopecks as ATOL's roubles with two decimals (a JSON number). */
const roubles = (kopecks: number) => Math.round(kopecks) / 100;

/** The body of `POST /{group_code}/sell` (or `sell_refund`), ATOL Online v5 (FFD 1.2). */
export function atolSellBody(externalId: string, document: FiscalDocument, at: Date) {
  return {
    external_id: externalId,
    receipt: {
      client: document.client,
      company: {
        email: document.company.email,
        sno: document.company.taxSystem,
        inn: document.company.inn,
        payment_address: document.company.paymentAddress,
      },
      items: document.items.map((item) => ({
        name: item.name,
        price: roubles(item.price),
        quantity: item.quantity,
        measure: item.measure,
        sum: roubles(item.sum),
        payment_method: item.paymentMethod.atol,
        payment_object: item.paymentObject,
        vat: { type: item.vat.type },
      })),
      payments: document.payments.map((payment) => ({ type: payment.atolType, sum: roubles(payment.sum) })),
      total: roubles(document.total),
    },
    timestamp: atolTimestamp(at),
  };
}

export type AtolSellBody = ReturnType<typeof atolSellBody>;
