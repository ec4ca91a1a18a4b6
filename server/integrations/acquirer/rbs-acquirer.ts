import { z } from 'zod';
import {
  AcquirerError,
  type Acquirer,
  type OrderState,
  type OrderStatus,
  type RegisteredOrder,
} from './acquirer';

/**
 * The RBS payment gateway ("Платёжный шлюз": Sberbank's securepayments.sberbank.ru, test 3dsec.sberbank.ru, and
 * the other banks running the same software): form-encoded POSTs to `<baseUrl>/<method>.do`, JSON answers,
 * `errorCode` 0 (or absent) for success. Choices where the gateway's documentation leaves room are listed in
 * docs/decisions/009-payments-drafts-and-acquirer.md ("The RBS adapter").
 */
export interface RbsAcquirerOptions {
  /** The REST root, e.g. `https://3dsec.sberbank.ru/payment/rest` (no trailing `/register.do`). */
  baseUrl: string;
  userName: string;
  /** A secret: sent in request bodies only, never in a URL, a log line or an error message. */
  password: string;
  fetch?: typeof fetch;
  /** A call without an answer within this fails with AcquirerError (default 15 s). */
  timeoutMs?: number;
  /** Hosts of the hosted card page when they are not the API's own host (RBS serves it from the same host). */
  paymentPageHosts?: readonly string[];
}

/** Where SBP payload links (the dynamic QR's content) live; the bank picker opens them. */
export const NSPK_QR_HOST = 'qr.nspk.ru';

/** RBS limits `orderNumber` to 32 characters, `description` to 99 on several installations. */
const MAX_ORDER_NUMBER = 32;
const MAX_DESCRIPTION = 99;
const DEFAULT_TIMEOUT_MS = 15_000;
/** How many registrations an instance remembers (their payment pages cannot be asked of the gateway again). */
const REMEMBERED_ORDERS = 2000;

/** errorCode of register.do for an order number the gateway has seen already. */
const DUPLICATE_ORDER_NUMBER = 1;

/** orderStatus of getOrderStatusExtended.do -> our state. 1 (pre-authorised) is not money taken: see `stateOf`. */
const STATE_OF: Record<number, OrderState> = {
  0: 'pending', // registered, not paid
  1: 'pending', // pre-authorised (a hold); we register one-stage payments, so this is not a completed payment
  2: 'paid', // deposited
  3: 'cancelled', // authorisation reversed (also where decline.do puts an unpaid order)
  4: 'refunded',
  5: 'pending', // ACS (3-D Secure) authentication started
  6: 'declined',
};

/** The gateway answered with an error code (as opposed to not answering). */
export class RbsGatewayError extends AcquirerError {
  constructor(
    readonly method: string,
    readonly gatewayCode: number,
    gatewayMessage: string,
  ) {
    super(`rbs ${method}: error ${gatewayCode}${gatewayMessage ? ` (${gatewayMessage})` : ''}`);
  }
}

const errorCodeSchema = z.union([z.number(), z.string()]).optional();

const registerAnswer = z.object({ orderId: z.string().min(1).max(64), formUrl: z.string().url() });

const statusAnswer = z.object({
  orderNumber: z.string(),
  orderStatus: z.coerce.number().int().optional(),
  amount: z.coerce.number().int().nonnegative(),
  actionCode: z.union([z.number(), z.string()]).optional(),
  actionCodeDescription: z.string().optional(),
  attributes: z.array(z.object({ name: z.string(), value: z.string() })).optional(),
});
type StatusAnswer = z.infer<typeof statusAnswer>;

const qrAnswer = z.object({ payload: z.string().url(), qrId: z.string().optional() });

/**
 * Our order numbers are draft ids (UUIDs, 36 characters); RBS takes at most 32, so a UUID goes without its
 * hyphens and comes back with them. Anything else must already fit.
 */
export function toGatewayOrderNumber(orderNumber: string): string {
  if (/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(orderNumber)) {
    return orderNumber.replace(/-/g, '').toLowerCase();
  }
  if (
    orderNumber.length === 0 ||
    orderNumber.length > MAX_ORDER_NUMBER ||
    !/^[\x21-\x7e]+$/.test(orderNumber)
  ) {
    throw new AcquirerError('rbs: an order number is 1 to 32 printable ASCII characters');
  }
  return orderNumber;
}

export function fromGatewayOrderNumber(orderNumber: string): string {
  const m = /^([0-9a-f]{8})([0-9a-f]{4})([0-9a-f]{4})([0-9a-f]{4})([0-9a-f]{12})$/.exec(orderNumber);
  return m ? m.slice(1).join('-') : orderNumber;
}

/** The description the gateway shows on its page: one line, no characters some installations refuse. */
function gatewayDescription(text: string): string {
  const clean = text
    .replace(/[\p{Cc}%+]/gu, ' ')
    .replace(/\s+/g, ' ')
    .trim();
  return [...clean].slice(0, MAX_DESCRIPTION).join('');
}

export interface RbsAcquirer extends Acquirer {
  readonly name: 'rbs';
}

export function createRbsAcquirer(options: RbsAcquirerOptions): RbsAcquirer {
  const base = new URL(options.baseUrl);
  if (base.protocol !== 'https:' && base.protocol !== 'http:') throw new Error('RBS baseUrl must be http(s)');
  const root = base.href.replace(/\/+$/, '');
  const doFetch = options.fetch ?? fetch;
  const timeoutMs = options.timeoutMs ?? DEFAULT_TIMEOUT_MS;
  const formHosts = [...new Set([base.host, ...(options.paymentPageHosts ?? []), NSPK_QR_HOST])];

  /** Removes the password from anything that could reach a message (a gateway echoing a request, say). */
  const scrub = (text: string) =>
    options.password.length > 0 ? text.split(options.password).join('***') : text;

  /** One gateway call: the answer's JSON object, or AcquirerError (unreachable, timeout, HTTP error, unreadable). */
  async function post(method: string, params: Record<string, string>): Promise<Record<string, unknown>> {
    const body = new URLSearchParams({ userName: options.userName, password: options.password, ...params });
    let answer: unknown;
    try {
      const response = await doFetch(`${root}/${method}`, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded', accept: 'application/json' },
        body,
        signal: AbortSignal.timeout(timeoutMs),
      });
      if (!response.ok) {
        await response.body?.cancel().catch(() => undefined);
        throw new AcquirerError(`rbs ${method}: HTTP ${response.status}`);
      }
      answer = await response.json().catch((error: unknown) => {
        if (error instanceof Error && (error.name === 'TimeoutError' || error.name === 'AbortError'))
          throw error;
        throw new AcquirerError(`rbs ${method}: the answer is not JSON`);
      });
    } catch (error) {
      if (error instanceof AcquirerError) throw error;
      const name = error instanceof Error ? error.name : 'Error';
      throw new AcquirerError(
        name === 'TimeoutError' || name === 'AbortError'
          ? `rbs ${method}: no answer within ${timeoutMs} ms`
          : `rbs ${method}: gateway unreachable (${name})`,
      );
    }
    if (!answer || typeof answer !== 'object' || Array.isArray(answer)) {
      throw new AcquirerError(`rbs ${method}: the answer is not a JSON object`);
    }
    const record = answer as Record<string, unknown>;
    // errorCode comes as a string ("0") or a number depending on the method and the installation.
    const code = errorCodeSchema.safeParse(record.errorCode);
    const errorCode = !code.success
      ? NaN
      : code.data === undefined || code.data === ''
        ? 0
        : Number(code.data);
    if (!Number.isInteger(errorCode)) throw new AcquirerError(`rbs ${method}: unreadable errorCode`);
    if (errorCode !== 0) {
      const message = typeof record.errorMessage === 'string' ? scrub(record.errorMessage).slice(0, 200) : '';
      throw new RbsGatewayError(method, errorCode, message);
    }
    return record;
  }

  function parse<T>(method: string, schema: z.ZodType<T>, answer: unknown): T {
    const parsed = schema.safeParse(answer);
    if (!parsed.success) throw new AcquirerError(`rbs ${method}: unexpected answer`);
    return parsed.data;
  }

  function toStatus(orderId: string, answer: StatusAnswer): OrderStatus {
    const orderStatus = answer.orderStatus ?? 0;
    const state = STATE_OF[orderStatus];
    if (!state) throw new AcquirerError(`rbs getOrderStatusExtended.do: unknown orderStatus ${orderStatus}`);
    const actionCode = answer.actionCode === undefined ? '' : String(answer.actionCode).trim();
    const declined = state === 'declined';
    return {
      orderId,
      orderNumber: fromGatewayOrderNumber(answer.orderNumber),
      amount: answer.amount,
      state,
      errorCode: declined ? (actionCode && actionCode !== '0' ? actionCode : 'DECLINED') : null,
      errorMessage: declined ? answer.actionCodeDescription?.trim() || 'Платёж отклонён банком' : null,
    };
  }

  /** The status, and the gateway's own orderStatus code (cancelling depends on it). */
  async function statusById(orderId: string): Promise<{ status: OrderStatus; orderStatus: number }> {
    const method = 'getOrderStatusExtended.do';
    const answer = parse(method, statusAnswer, await post(method, { orderId, language: 'ru' }));
    return { status: toStatus(orderId, answer), orderStatus: answer.orderStatus ?? 0 };
  }

  /** The order registered under a gateway order number; its id comes in `attributes` as `mdOrder`. */
  async function statusByNumber(gatewayNumber: string): Promise<OrderStatus> {
    const method = 'getOrderStatusExtended.do';
    const answer = parse(
      method,
      statusAnswer,
      await post(method, { orderNumber: gatewayNumber, language: 'ru' }),
    );
    const orderId = answer.attributes?.find((a) => a.name === 'mdOrder')?.value;
    if (!orderId) throw new AcquirerError(`rbs ${method}: the order's id (mdOrder) is missing`);
    return toStatus(orderId, answer);
  }

  /** SBP: the dynamic QR of a registered order; its `payload` (https://qr.nspk.ru/...) is what the bank picker opens. */
  async function sbpPayload(orderId: string, returnUrl: string): Promise<string> {
    const method = 'sbp/c2b/qr/dynamic/get.do';
    const answer = await post(method, {
      mdOrder: orderId,
      qrHeight: '256',
      qrWidth: '256',
      qrFormat: 'image',
      redirectUrl: returnUrl,
    });
    return parse(method, qrAnswer, answer).payload;
  }

  // Payment pages by gateway order number: the gateway answers an order's page only when registering it, so a
  // repeated registration (a retry, 50 identical calls at once) is answered from here. In-flight registrations
  // are shared, so concurrent calls make one register.do.
  const remembered = new Map<string, { amount: number; order: RegisteredOrder }>();
  const inFlight = new Map<string, Promise<{ amount: number; order: RegisteredOrder }>>();
  let lastCardFormUrl: string | null = null;
  const remember = (number: string, entry: { amount: number; order: RegisteredOrder }) => {
    remembered.delete(number);
    remembered.set(number, entry);
    if (remembered.size > REMEMBERED_ORDERS) remembered.delete(remembered.keys().next().value!);
    return entry;
  };

  /** The page of an order registered before (by another instance, or before a restart). */
  async function pageOfExisting(existing: OrderStatus, method: 'card' | 'sbp', returnUrl: string) {
    if (method === 'sbp' && existing.state === 'pending') return sbpPayload(existing.orderId, returnUrl);
    if (method === 'card' && lastCardFormUrl) {
      // RBS pages are `<host>/payment/merchants/<merchant>/payment_ru.html?mdOrder=<orderId>`.
      const url = new URL(lastCardFormUrl);
      if (url.searchParams.has('mdOrder')) {
        url.searchParams.set('mdOrder', existing.orderId);
        return url.href;
      }
    }
    throw new AcquirerError(
      `rbs: order ${existing.orderId} was registered before, and its payment page is not known here; try again`,
    );
  }

  async function register(
    number: string,
    input: Parameters<Acquirer['registerOrder']>[0],
  ): Promise<{ amount: number; order: RegisteredOrder }> {
    try {
      const answer = await post('register.do', {
        orderNumber: number,
        amount: String(input.amount),
        currency: '643',
        returnUrl: input.returnUrl,
        failUrl: input.returnUrl,
        description: gatewayDescription(input.description),
        language: 'ru',
      });
      const { orderId, formUrl } = parse('register.do', registerAnswer, answer);
      if (input.method === 'card') lastCardFormUrl = formUrl;
      const page = input.method === 'sbp' ? await sbpPayload(orderId, input.returnUrl) : formUrl;
      return { amount: input.amount, order: { orderId, formUrl: page } };
    } catch (error) {
      if (!(error instanceof RbsGatewayError) || error.gatewayCode !== DUPLICATE_ORDER_NUMBER) throw error;
      // "Заказ с таким номером уже обработан": find that order; the same number for another sum is refused.
      const existing = await statusByNumber(number).catch((lookup: unknown) => {
        throw lookup instanceof RbsGatewayError ? error : lookup;
      });
      if (existing.amount !== input.amount) {
        throw new AcquirerError(
          `rbs: order number already registered with another amount (${existing.orderId})`,
        );
      }
      const page = await pageOfExisting(existing, input.method, input.returnUrl);
      return { amount: existing.amount, order: { orderId: existing.orderId, formUrl: page } };
    }
  }

  return {
    name: 'rbs',
    formHosts,

    async registerOrder(input) {
      if (!Number.isSafeInteger(input.amount) || input.amount <= 0) throw new AcquirerError('bad amount');
      // Bindings (saved cards) need the customer's `clientId`, which the interface does not carry yet:
      // `createBinding` is ignored and the customer pays without saving the card.
      const number = toGatewayOrderNumber(input.orderNumber);
      let entry = remembered.get(number);
      if (!entry) {
        let pending = inFlight.get(number);
        if (!pending) {
          pending = register(number, input)
            .then((registered) => remember(number, registered))
            .finally(() => inFlight.delete(number));
          inFlight.set(number, pending);
        }
        entry = await pending;
      }
      if (entry.amount !== input.amount) {
        throw new AcquirerError(
          `rbs: order number already registered with another amount (${entry.order.orderId})`,
        );
      }
      return { ...entry.order };
    },

    async getOrderStatus(orderId) {
      return (await statusById(orderId)).status;
    },

    async cancelOrder(orderId) {
      const before = await statusById(orderId);
      // Only an order that has not taken money is touched: reverse.do would also undo a deposited (paid) payment.
      // Pre-authorised (1): reverse.do releases the hold. Registered or in 3-D Secure (0, 5): decline.do.
      const action =
        before.orderStatus === 1 ? 'reverse.do' : before.status.state === 'pending' ? 'decline.do' : null;
      if (!action) return before.status;
      try {
        await post(action, { orderId, language: 'ru' });
      } catch (error) {
        // Refused (the customer paid a moment ago, the gateway declined it itself, ...): the status below says.
        if (!(error instanceof RbsGatewayError)) throw error;
      }
      return (await statusById(orderId)).status;
    },

    async refund(orderId, amount) {
      if (!Number.isSafeInteger(amount) || amount <= 0) throw new AcquirerError('bad amount');
      await post('refund.do', { orderId, amount: String(amount), language: 'ru' });
      return (await statusById(orderId)).status;
    },
  };
}
