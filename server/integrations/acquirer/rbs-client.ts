import { z } from 'zod';
import { AcquirerError, type OrderState, type OrderStatus } from './acquirer';
import { fromGatewayOrderNumber } from './rbs-formats';

/**
 * The RBS payment gateway ("Платёжный шлюз": Sberbank's securepayments.sberbank.ru, test 3dsec.sberbank.ru, and
 * the other banks running the same software): form-encoded POSTs to `<baseUrl>/<method>.do`, JSON answers,
 * `errorCode` 0 (or absent) for success. Choices where the gateway's documentation leaves room are listed in
 * docs/decisions/009-payments-drafts-and-acquirer.md ("The RBS adapter"); those of saved cards (bindings:
 * verification orders, getBindings.do, unBindCard.do) in docs/decisions/016-saved-bank-cards.md ("RBS").
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

const DEFAULT_TIMEOUT_MS = 15_000;
/** How many registrations an instance remembers (their payment pages cannot be asked of the gateway again). */
export const REMEMBERED_ORDERS = 2000;

/** errorCode of register.do for an order number the gateway has seen already. */
export const DUPLICATE_ORDER_NUMBER = 1;
/** errorCode 2 of getBindings.do: "Информация не найдена", the client has no bindings. */
export const NO_BINDINGS = 2;
/** errorCode 2 of unBindCard.do: the binding is already inactive (or not found). */
export const BINDING_STATE = 2;
/**
 * `features` of a card-saving order: the gateway verifies the card (3-D Secure where the card has it) without
 * taking money, so the amount may be 0; with a `clientId` it saves the card as a binding. A verified order
 * moves straight to orderStatus 3 (REVERSED).
 */
export const VERIFY = 'VERIFY';
/** What the gateway shows on the card-saving page. */
export const BINDING_DESCRIPTION = 'Привязка карты';

/** orderStatus of getOrderStatusExtended.do -> our state. 1 (pre-authorised) is not money taken: see `stateOf`. */
export const STATE_OF: Record<number, OrderState> = {
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

export const registerAnswer = z.object({ orderId: z.string().min(1).max(64), formUrl: z.string().url() });

export const statusAnswer = z.object({
  orderNumber: z.string(),
  orderStatus: z.coerce.number().int().optional(),
  amount: z.coerce.number().int().nonnegative(),
  actionCode: z.union([z.number(), z.string()]).optional(),
  actionCodeDescription: z.string().optional(),
  paymentAmountInfo: z
    .object({ refundedAmount: z.coerce.number().int().nonnegative().optional() })
    .optional(),
  attributes: z.array(z.object({ name: z.string(), value: z.string() })).optional(),
});
export type StatusAnswer = z.infer<typeof statusAnswer>;

export const qrAnswer = z.object({ payload: z.string().url(), qrId: z.string().optional() });

const expirySchema = z.union([z.string(), z.number()]).optional();

/** getOrderStatusExtended.do of a card-saving order: only what we keep (no card holder, no first digits). */
export const bindingStatusAnswer = statusAnswer.extend({
  bindingInfo: z.object({ clientId: z.string().optional(), bindingId: z.string().optional() }).optional(),
  cardAuthInfo: z
    .object({ maskedPan: z.string().optional(), pan: z.string().optional(), expiration: expirySchema })
    .optional(),
});

export const bindingsAnswer = z.object({
  bindings: z
    .array(
      z.object({
        bindingId: z.string().min(1),
        maskedPan: z.string().optional(),
        expiryDate: expirySchema,
      }),
    )
    .default([]),
});

/** The gateway's calls, answers read and errors told apart: what the orders and the saved cards build on. */
export interface RbsClient {
  readonly formHosts: string[];
  post(method: string, params: Record<string, string>): Promise<Record<string, unknown>>;
  parse<T>(method: string, schema: z.ZodType<T>, answer: unknown): T;
  /** The status, and the gateway's own orderStatus code (cancelling depends on it). */
  statusById(orderId: string): Promise<{ status: OrderStatus; orderStatus: number }>;
  statusByNumber(gatewayNumber: string): Promise<{ status: OrderStatus; clientId: string | null }>;
  sbpPayload(orderId: string, returnUrl: string): Promise<string>;
}

/** A gateway's answer as a JSON object, or AcquirerError; a non-zero errorCode is RbsGatewayError (password scrubbed). */
function checkAnswer(
  method: string,
  answer: unknown,
  scrub: (text: string) => string,
): Record<string, unknown> {
  if (!answer || typeof answer !== 'object' || Array.isArray(answer)) {
    throw new AcquirerError(`rbs ${method}: the answer is not a JSON object`);
  }
  const record = answer as Record<string, unknown>;
  // errorCode comes as a string ("0") or a number depending on the method and the installation.
  const code = errorCodeSchema.safeParse(record.errorCode);
  const errorCode = !code.success ? NaN : code.data === undefined || code.data === '' ? 0 : Number(code.data);
  if (!Number.isInteger(errorCode)) throw new AcquirerError(`rbs ${method}: unreadable errorCode`);
  if (errorCode !== 0) {
    const message = typeof record.errorMessage === 'string' ? scrub(record.errorMessage).slice(0, 200) : '';
    throw new RbsGatewayError(method, errorCode, message);
  }
  return record;
}

/** An answer read by its schema, or AcquirerError: the gateway said something this code does not know. */
function parse<T>(method: string, schema: z.ZodType<T>, answer: unknown): T {
  const parsed = schema.safeParse(answer);
  if (!parsed.success) throw new AcquirerError(`rbs ${method}: unexpected answer`);
  return parsed.data;
}

/** The gateway's order status as the Acquirer interface states it, a decline with its code and text. */
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
    refundedAmount: answer.paymentAmountInfo?.refundedAmount ?? null,
    errorCode: declined ? (actionCode && actionCode !== '0' ? actionCode : 'DECLINED') : null,
    errorMessage: declined ? answer.actionCodeDescription?.trim() || 'Платёж отклонён банком' : null,
  };
}

export function createRbsClient(options: RbsAcquirerOptions): RbsClient {
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
    return checkAnswer(method, answer, scrub);
  }

  /** The status, and the gateway's own orderStatus code (cancelling depends on it). */
  async function statusById(orderId: string): Promise<{ status: OrderStatus; orderStatus: number }> {
    const method = 'getOrderStatusExtended.do';
    const answer = parse(method, statusAnswer, await post(method, { orderId, language: 'ru' }));
    return { status: toStatus(orderId, answer), orderStatus: answer.orderStatus ?? 0 };
  }

  /**
   * The order registered under a gateway order number; its id comes in `attributes` as `mdOrder`. The client id
   * of a card-saving order comes in `bindingInfo`.
   */
  async function statusByNumber(
    gatewayNumber: string,
  ): Promise<{ status: OrderStatus; clientId: string | null }> {
    const method = 'getOrderStatusExtended.do';
    const answer = parse(
      method,
      bindingStatusAnswer,
      await post(method, { orderNumber: gatewayNumber, language: 'ru' }),
    );
    const orderId = answer.attributes?.find((a) => a.name === 'mdOrder')?.value;
    if (!orderId) throw new AcquirerError(`rbs ${method}: the order's id (mdOrder) is missing`);
    return { status: toStatus(orderId, answer), clientId: answer.bindingInfo?.clientId ?? null };
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

  return { formHosts, post, parse, statusById, statusByNumber, sbpPayload };
}
