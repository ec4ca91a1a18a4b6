import { createServer, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createRbsAcquirer } from '../integrations/acquirer/rbs-acquirer';
import { rbsFakeApi } from './rbs-fake-api';
import { serveRbsFakePage } from './rbs-fake-page';
import { createRbsFakeState, MERCHANT_PAGE, type RbsFakeBinding, type RbsFakeOrder } from './rbs-fake-state';

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

/** The real RBS adapter pointed at a fake, with the fake's credentials: what API tests hand `createTestApp`. */
export const rbsAcquirerOf = (fake: RbsFake) =>
  createRbsAcquirer({ baseUrl: fake.url, userName: fake.userName, password: fake.password });

export async function startRbsFake(options: { userName?: string; password?: string } = {}): Promise<RbsFake> {
  const userName = options.userName ?? 'kopilka-api';
  const password = options.password ?? 'kopilka-secret';
  const state = createRbsFakeState();
  const { orders, bindings, bindingFailures, at, findByNumber, mustFind, errorOf, bindCard, setDeclined } =
    state;
  const api = rbsFakeApi(state);
  const calls: RbsFake['calls'] = [];
  let mode: { delayMs?: number; httpStatus?: number } | null = null;

  const server = createServer((request, response) => {
    readBody(request)
      .then(async (body) => {
        const url = new URL(request.url ?? '/', at.origin || 'http://127.0.0.1');
        if (url.pathname === MERCHANT_PAGE) return serveRbsFakePage(state, request, response, url, body);
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

  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  at.origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const { origin } = at;

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
