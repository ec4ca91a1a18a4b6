import { randomBytes, randomUUID } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createRbsAcquirer } from '../integrations/acquirer/rbs-acquirer';

/**
 * A local stand-in for an RBS payment gateway, speaking its REST protocol closely enough for the adapter's tests
 * and for end-to-end runs: form-encoded POSTs to `/payment/rest/<method>.do`, JSON answers with `errorCode`,
 * orders kept in memory, a hosted page at `/payment/merchants/kopilka/payment_ru.html?mdOrder=<orderId>`.
 * It takes no money and checks no cards: a test (or the page's buttons) says whether an order is paid.
 * Card-saving orders (`clientId` and `features=VERIFY`, amount 0) save a binding for the client when the page's
 * card is accepted; `getBindings.do` lists a client's active bindings and `unBindCard.do` deactivates one.
 * `paymentOrderBinding.do` charges a binding on an order registered for its client (`declineBinding` makes the
 * card's bank decline it, `requireThreeDs` asks for 3-D Secure instead).
 */
export interface RbsFakeOrder {
  orderId: string;
  orderNumber: string;
  /** Kopecks. */
  amount: number;
  refunded: number;
  currency: string;
  description: string;
  returnUrl: string;
  failUrl: string;
  clientId: string | null;
  /** RBS orderStatus: 0 registered, 1 pre-authorised, 2 deposited, 3 reversed, 4 refunded, 5 ACS, 6 declined. */
  orderStatus: number;
  actionCode: number;
  actionCodeDescription: string;
  qrId: string | null;
  /** `features` of register.do (`VERIFY`: a card check without money, which ends in orderStatus 3). */
  features: string[];
  /** The binding the order saved, and its card as the gateway shows it (`411111**1111`, YYYYMM). */
  bindingId: string | null;
  maskedPan: string | null;
  expiration: string | null;
}

/** A card the gateway saved for a client. */
export interface RbsFakeBinding {
  bindingId: string;
  clientId: string;
  /** First 6 and last 4 digits, as RBS shows it: `411111**1111`. */
  maskedPan: string;
  /** YYYYMM. */
  expiryDate: string;
  /** false once unbound (unBindCard.do). */
  active: boolean;
}

/** The fake's test cards: one is accepted (and saved on a card-saving order), the other declined. */
export const RBS_TEST_CARDS = { success: '4111111111111111', declined: '4000000000000002' } as const;

export interface RbsFake {
  /** The REST root to give the adapter (and RBS_URL): `http://127.0.0.1:<port>/payment/rest`. */
  url: string;
  /** `http://127.0.0.1:<port>`: the host of the hosted page. */
  origin: string;
  userName: string;
  password: string;
  orders: Map<string, RbsFakeOrder>;
  /** Saved cards by bindingId. */
  bindings: Map<string, RbsFakeBinding>;
  /** Every call, in order: the method (`register.do`, ...) and its parameters without the password. */
  calls: { method: string; params: Record<string, string> }[];
  /** The customer paid (orderStatus 2). */
  pay(orderId: string): RbsFakeOrder;
  /** The bank declined (orderStatus 6) with an RBS action code (116: not enough money). */
  decline(orderId: string, actionCode?: number): RbsFakeOrder;
  /**
   * The customer entered this card on the page of an order with a `clientId`: the card is saved (one binding per
   * client and card) and the order completes: orderStatus 3 for a VERIFY order, 2 for a payment.
   * `expiry` is 'MM/YY'.
   */
  bind(orderId: string, card: { pan: string; expiry: string }): RbsFakeBinding;
  /**
   * From now on `paymentOrderBinding.do` with this binding is declined by the card's bank with `actionCode`
   * (116: not enough money), asks for 3-D Secure (`'3ds'`: the answer names an `acsUrl`, the order waits in 5),
   * or answers HTTP 502 without charging (`'silent'`); null: charge it again.
   */
  declineBinding(bindingId: string, how: number | '3ds' | 'silent' | null): void;
  /** Puts an order in any orderStatus (1 pre-authorised, 5 in 3-D Secure, ...). */
  setStatus(orderId: string, orderStatus: number): RbsFakeOrder;
  findByNumber(orderNumber: string): RbsFakeOrder | undefined;
  /** Until reset: answer every API call after `ms` (to test timeouts), or with this HTTP status. */
  misbehave(mode: { delayMs?: number; httpStatus?: number } | null): void;
  close(): Promise<void>;
}

/** The texts RBS gives for some action codes (actionCodeDescription). */
export const RBS_ACTION_CODES: Record<number, string> = {
  [-2007]: 'Истёк срок ожидания ввода данных',
  116: 'Недостаточно средств',
  2001: 'Карта заблокирована',
  2003: 'Операция отклонена банком-эмитентом',
};

const MERCHANT_PAGE = '/payment/merchants/kopilka/payment_ru.html';

/** The real RBS adapter pointed at a fake, with the fake's credentials: what API tests hand `createTestApp`. */
export const rbsAcquirerOf = (fake: RbsFake) =>
  createRbsAcquirer({ baseUrl: fake.url, userName: fake.userName, password: fake.password });

export async function startRbsFake(options: { userName?: string; password?: string } = {}): Promise<RbsFake> {
  const userName = options.userName ?? 'kopilka-api';
  const password = options.password ?? 'kopilka-secret';
  const orders = new Map<string, RbsFakeOrder>();
  const bindings = new Map<string, RbsFakeBinding>();
  const calls: RbsFake['calls'] = [];
  const bindingFailures = new Map<string, number | '3ds' | 'silent'>();
  let mode: { delayMs?: number; httpStatus?: number } | null = null;
  let origin = '';

  const findByNumber = (orderNumber: string) =>
    [...orders.values()].find((o) => o.orderNumber === orderNumber);
  const mustFind = (orderId: string) => {
    const order = orders.get(orderId);
    if (!order) throw new Error(`rbs fake: no order ${orderId}`);
    return order;
  };
  const errorOf = (errorCode: number, errorMessage: string) => ({
    errorCode: String(errorCode),
    errorMessage,
  });
  const lookup = (params: Record<string, string>) =>
    params.orderId
      ? orders.get(params.orderId)
      : params.orderNumber
        ? findByNumber(params.orderNumber)
        : undefined;

  /** Saves the card for the order's client (the same card again keeps its binding) and completes the order. */
  const bindCard = (order: RbsFakeOrder, card: { pan: string; expiry: string }) => {
    const digits = card.pan.replace(/\D/g, '');
    const expiry = /^(\d{2})\/(\d{2})$/.exec(card.expiry.trim());
    if (!order.clientId) throw new Error(`rbs fake: order ${order.orderId} has no clientId`);
    if (order.orderStatus !== 0 && order.orderStatus !== 5)
      throw new Error(`rbs fake: order ${order.orderId} is not waiting for a card`);
    if (!/^\d{13,19}$/.test(digits) || !expiry) throw new Error('rbs fake: a card is 13-19 digits and MM/YY');
    const maskedPan = `${digits.slice(0, 6)}**${digits.slice(-4)}`;
    const expiryDate = `20${expiry[2]}${expiry[1]}`;
    let binding = [...bindings.values()].find(
      (b) => b.active && b.clientId === order.clientId && b.maskedPan === maskedPan,
    );
    if (binding) binding.expiryDate = expiryDate;
    else {
      binding = { bindingId: randomUUID(), clientId: order.clientId, maskedPan, expiryDate, active: true };
      bindings.set(binding.bindingId, binding);
    }
    Object.assign(order, {
      orderStatus: order.features.includes('VERIFY') ? 3 : 2,
      actionCode: 0,
      actionCodeDescription: '',
      bindingId: binding.bindingId,
      maskedPan,
      expiration: expiryDate,
    });
    return binding;
  };

  const api: Record<string, (params: Record<string, string>) => object> = {
    'register.do': (p) => {
      const amount = Number(p.amount);
      const features = (p.features ?? '').split(/[;,]/).filter(Boolean);
      // VERIFY checks the card without money: the amount may be 0, and only then.
      const verify = features.includes('VERIFY');
      if (!p.orderNumber || p.orderNumber.length > 32) return errorOf(1, 'Неверный номер заказа');
      if (!Number.isSafeInteger(amount) || amount < 0 || (amount === 0 && !verify))
        return errorOf(4, 'Сумма заказа не может быть пустой');
      if (p.clientId !== undefined && (p.clientId === '' || p.clientId.length > 255))
        return errorOf(4, 'Неверный clientId');
      if (!p.returnUrl) return errorOf(4, 'URL возврата не может быть пустым');
      if (p.currency && p.currency !== '643') return errorOf(7, 'Неверная валюта');
      if (findByNumber(p.orderNumber)) return errorOf(1, 'Заказ с таким номером уже обработан');
      const order: RbsFakeOrder = {
        orderId: randomUUID(),
        orderNumber: p.orderNumber,
        amount,
        refunded: 0,
        currency: '643',
        description: p.description ?? '',
        returnUrl: p.returnUrl,
        failUrl: p.failUrl ?? p.returnUrl,
        clientId: p.clientId ?? null,
        orderStatus: 0,
        actionCode: 0,
        actionCodeDescription: '',
        qrId: null,
        features,
        bindingId: null,
        maskedPan: null,
        expiration: null,
      };
      orders.set(order.orderId, order);
      return { orderId: order.orderId, formUrl: `${origin}${MERCHANT_PAGE}?mdOrder=${order.orderId}` };
    },
    'getOrderStatusExtended.do': (p) => {
      if (!p.orderId && !p.orderNumber) return errorOf(6, 'Заказ не найден');
      const order = lookup(p);
      if (!order) return errorOf(6, 'Заказ не найден');
      return {
        errorCode: '0',
        errorMessage: 'Успешно',
        orderNumber: order.orderNumber,
        orderStatus: order.orderStatus,
        actionCode: order.actionCode,
        actionCodeDescription: order.actionCodeDescription,
        amount: order.amount,
        currency: order.currency,
        orderDescription: order.description,
        attributes: [{ name: 'mdOrder', value: order.orderId }],
        ...(order.clientId
          ? {
              bindingInfo: {
                clientId: order.clientId,
                ...(order.bindingId ? { bindingId: order.bindingId } : {}),
              },
            }
          : {}),
        ...(order.maskedPan
          ? {
              cardAuthInfo: {
                maskedPan: order.maskedPan,
                expiration: order.expiration,
                cardholderName: 'CARDHOLDER NAME',
                approvalCode: '123456',
                pan: order.maskedPan,
              },
            }
          : {}),
        paymentAmountInfo: {
          paymentState: ['CREATED', 'APPROVED', 'DEPOSITED', 'REVERSED', 'REFUNDED', 'CREATED', 'DECLINED'][
            order.orderStatus
          ],
          approvedAmount: order.orderStatus === 1 ? order.amount : 0,
          depositedAmount: order.orderStatus === 2 || order.orderStatus === 4 ? order.amount : 0,
          refundedAmount: order.refunded,
        },
      };
    },
    'decline.do': (p) => {
      const order = lookup(p);
      if (!order) return errorOf(6, 'Заказ не найден');
      if (order.orderStatus !== 0 && order.orderStatus !== 5) return errorOf(7, 'Неверное состояние заказа');
      order.orderStatus = 3;
      return { errorCode: '0', errorMessage: 'Успешно' };
    },
    'reverse.do': (p) => {
      const order = lookup(p);
      if (!order) return errorOf(6, 'Заказ не найден');
      // Like the real gateway: a pre-authorised or a deposited (same-day) payment can be reversed.
      if (order.orderStatus !== 1 && order.orderStatus !== 2) return errorOf(7, 'Операция невозможна');
      order.orderStatus = 3;
      return { errorCode: '0', errorMessage: 'Успешно' };
    },
    'refund.do': (p) => {
      const order = lookup(p);
      if (!order) return errorOf(6, 'Заказ не найден');
      const amount = Number(p.amount);
      if (order.orderStatus !== 2 && order.orderStatus !== 4)
        return errorOf(7, 'Платёж должен быть в корректном состоянии');
      if (!Number.isSafeInteger(amount) || amount <= 0 || amount > order.amount - order.refunded) {
        return errorOf(7, 'Неверная сумма возврата');
      }
      order.refunded += amount;
      order.orderStatus = 4;
      return { errorCode: '0', errorMessage: 'Успешно' };
    },
    'getBindings.do': (p) => {
      if (!p.clientId) return errorOf(1, 'Не указан clientId');
      const thisMonth = new Date().toISOString().slice(0, 7).replace('-', '');
      const listed = [...bindings.values()].filter(
        (b) =>
          b.clientId === p.clientId && b.active && (p.showExpired === 'true' || b.expiryDate >= thisMonth),
      );
      if (listed.length === 0) return errorOf(2, 'Информация не найдена');
      return {
        errorCode: '0',
        errorMessage: 'Успешно',
        bindings: listed.map((b) => ({
          bindingId: b.bindingId,
          maskedPan: b.maskedPan,
          expiryDate: b.expiryDate,
          clientId: b.clientId,
        })),
      };
    },
    'paymentOrderBinding.do': (p) => {
      const order = p.mdOrder ? orders.get(p.mdOrder) : undefined;
      if (!order) return errorOf(6, 'Заказ не найден');
      const binding = p.bindingId ? bindings.get(p.bindingId) : undefined;
      if (!binding || !binding.active) return errorOf(2, 'Связка не найдена');
      // The gateway charges a binding only on an order of the same client.
      if (order.clientId !== binding.clientId) return errorOf(2, 'Связка не принадлежит клиенту заказа');
      if (order.orderStatus !== 0) return errorOf(7, 'Неверное состояние заказа');
      Object.assign(order, {
        bindingId: binding.bindingId,
        maskedPan: binding.maskedPan,
        expiration: binding.expiryDate,
      });
      const failure = bindingFailures.get(binding.bindingId);
      if (failure === 'silent') return { httpStatus: 502 };
      if (failure === '3ds') {
        order.orderStatus = 5;
        return {
          errorCode: '0',
          acsUrl: `${origin}/acs`,
          paReq: randomBytes(8).toString('hex'),
          termUrl: order.returnUrl,
        };
      }
      if (failure !== undefined) {
        Object.assign(order, {
          orderStatus: 6,
          actionCode: failure,
          actionCodeDescription: RBS_ACTION_CODES[failure] ?? 'Операция отклонена',
        });
        return errorOf(2, 'Заказ отклонен по причине ошибки в реквизитах платежа');
      }
      Object.assign(order, { orderStatus: 2, actionCode: 0, actionCodeDescription: '' });
      return {
        errorCode: '0',
        redirect: `${order.returnUrl}${order.returnUrl.includes('?') ? '&' : '?'}orderId=${order.orderId}`,
        info: 'Ваш платёж обработан, происходит переадресация...',
      };
    },
    'unBindCard.do': (p) => {
      const binding = p.bindingId ? bindings.get(p.bindingId) : undefined;
      if (!binding) return errorOf(2, 'Связка не найдена');
      if (!binding.active) return errorOf(2, 'Неверное состояние связки');
      binding.active = false;
      return { errorCode: '0', errorMessage: 'Успешно' };
    },
    'sbp/c2b/qr/dynamic/get.do': (p) => {
      const order = p.mdOrder ? orders.get(p.mdOrder) : undefined;
      if (!order) return errorOf(6, 'Заказ не найден');
      if (order.orderStatus !== 0) return errorOf(7, 'Неверное состояние заказа');
      order.qrId ??= randomBytes(16).toString('hex').toUpperCase();
      return {
        errorCode: 0,
        qrId: order.qrId,
        qrStatus: 'STARTED',
        payload: `https://qr.nspk.ru/${order.qrId}?type=02&bank=100000000111&sum=${order.amount}&cur=RUB&crc=0000`,
        renderedQr: Buffer.from('not a real QR image').toString('base64'),
      };
    },
  };

  const server = createServer((request, response) => {
    readBody(request)
      .then(async (body) => {
        const url = new URL(request.url ?? '/', origin || 'http://127.0.0.1');
        if (url.pathname === MERCHANT_PAGE) return servePage(request, response, url, body);
        const method = url.pathname.startsWith('/payment/rest/')
          ? url.pathname.slice('/payment/rest/'.length)
          : '';
        const handler = Object.hasOwn(api, method) ? api[method] : undefined;
        if (request.method !== 'POST' || !handler) {
          response.writeHead(404).end();
          return;
        }
        const params = Object.fromEntries(new URLSearchParams(body));
        const { password: _secret, ...logged } = params;
        calls.push({ method, params: logged });
        if (mode?.delayMs) await new Promise((resolve) => setTimeout(resolve, mode?.delayMs));
        if (mode?.httpStatus) {
          response
            .writeHead(mode.httpStatus, { 'content-type': 'text/html' })
            .end('<h1>Service unavailable</h1>');
          return;
        }
        const answer =
          params.userName === userName && params.password === password
            ? handler(params)
            : errorOf(5, 'Доступ запрещён');
        if ('httpStatus' in answer && typeof answer.httpStatus === 'number') {
          response.writeHead(answer.httpStatus, { 'content-type': 'text/html' }).end('<h1>Bad gateway</h1>');
          return;
        }
        response
          .writeHead(200, { 'content-type': 'application/json;charset=UTF-8' })
          .end(JSON.stringify(answer));
      })
      .catch(() => {
        if (!response.headersSent) response.writeHead(500);
        response.end();
      });
  });

  /**
   * The hosted page: the sum and two buttons; a post moves the order and sends the customer back (303). A
   * card-saving order's page ('Привязка карты') takes a card number and expiry (the test card by default): the
   * accepted test card is saved, any other card declined.
   */
  function servePage(request: IncomingMessage, response: ServerResponse, url: URL, body: string) {
    const order = orders.get(url.searchParams.get('mdOrder') ?? '');
    if (!order) {
      response.writeHead(404, { 'content-type': 'text/plain;charset=utf-8' }).end('Заказ не найден');
      return;
    }
    const saving = order.clientId !== null && order.features.includes('VERIFY');
    if (request.method === 'POST') {
      const form = new URLSearchParams(body);
      const answer = form.get('answer');
      if (order.orderStatus === 0) {
        const pan = (form.get('pan') ?? RBS_TEST_CARDS.success).replace(/\D/g, '');
        if (answer === 'pay' && saving && pan === RBS_TEST_CARDS.success) {
          bindCard(order, { pan, expiry: form.get('expiry') ?? '12/40' });
        } else if (answer === 'pay' && !saving) order.orderStatus = 2;
        else setDeclined(order, 2003);
      }
      const done = saving ? order.bindingId !== null : order.orderStatus === 2;
      response.writeHead(303, { location: done ? order.returnUrl : order.failUrl }).end();
      return;
    }
    const head = saving ? 'Привязка карты' : 'Оплата заказа';
    const sum = (order.amount / 100).toFixed(2).replace('.', ',');
    const fields = saving
      ? `<label>Номер карты <input name="pan" value="${RBS_TEST_CARDS.success}" inputmode="numeric"></label>` +
        `<label>Срок действия <input name="expiry" value="12/40"></label>` +
        `<button name="answer" value="pay">Привязать карту</button>`
      : `<button name="answer" value="pay">Оплатить</button>`;
    response
      .writeHead(200, { 'content-type': 'text/html;charset=utf-8' })
      .end(
        `<!doctype html><html lang="ru"><head><meta charset="utf-8"><title>${head}</title></head><body>` +
          `<h1>${head}</h1><p>Сумма: ${sum} ₽</p><p>${escapeHtml(order.description)}</p>` +
          `<form method="post">${fields}` +
          `<button name="answer" value="decline">Отклонить</button></form></body></html>`,
      );
  }

  const setDeclined = (order: RbsFakeOrder, actionCode: number) => {
    order.orderStatus = 6;
    order.actionCode = actionCode;
    order.actionCodeDescription = RBS_ACTION_CODES[actionCode] ?? 'Операция отклонена';
  };

  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  return {
    url: `${origin}/payment/rest`,
    origin,
    userName,
    password,
    orders,
    bindings,
    calls,
    bind(orderId, card) {
      return bindCard(mustFind(orderId), card);
    },
    pay(orderId) {
      const order = mustFind(orderId);
      order.orderStatus = 2;
      order.actionCode = 0;
      order.actionCodeDescription = '';
      return order;
    },
    decline(orderId, actionCode = 116) {
      const order = mustFind(orderId);
      setDeclined(order, actionCode);
      return order;
    },
    declineBinding(bindingId, how) {
      if (how === null) bindingFailures.delete(bindingId);
      else bindingFailures.set(bindingId, how);
    },
    setStatus(orderId, orderStatus) {
      const order = mustFind(orderId);
      order.orderStatus = orderStatus;
      return order;
    },
    findByNumber,
    misbehave(next) {
      mode = next;
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

function readBody(request: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    let body = '';
    request.setEncoding('utf8');
    request.on('data', (chunk: string) => {
      body += chunk;
      if (body.length > 100_000) request.destroy(new Error('too large'));
    });
    request.on('end', () => resolve(body));
    request.on('error', reject);
  });
}

function escapeHtml(text: string): string {
  return text.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c,
  );
}
