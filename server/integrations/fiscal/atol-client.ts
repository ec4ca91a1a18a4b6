import type { Clock } from '#server/core/clock';
import type { FiscalDocument } from '#server/core/fiscal/fiscal-document';
import { atolSellBody } from './atol-format';
import { FiscalRefusal, type FiscalProvider, type FiscalReport } from './fiscal-provider';

export interface AtolOptions {
  /** The API root up to the version, e.g. https://online.atol.ru/possystem/v5 (a promise: the demo's fake starts lazily). */
  baseUrl: () => Promise<string>;
  login: string;
  password: string;
  groupCode: string;
  clock: Clock;
  fetch?: typeof fetch;
  timeoutMs?: number;
}

/** A token lives 24 hours at ATOL; renewed an hour early so a long poll never carries a dying one. */
const TOKEN_LIFE_MS = 23 * 3600_000;
/** ATOL's error 10: a document with this external_id is already in the group: its uuid is in the answer. */
const ALREADY_REGISTERED = 10;

interface AtolAnswer {
  error?: { code?: number; text?: string; type?: string } | null;
  token?: string;
  uuid?: string;
  status?: 'wait' | 'done' | 'fail';
  payload?: Record<string, unknown> | null;
  /** The HTTP status, added here: a 4xx is ATOL refusing the request, not being away. */
  httpStatus: number;
}

class AuthExpired extends Error {}

/**
 * ATOL Online v5 (decision 070): `getToken` (cached, renewed before its 24 hours and once on an auth error),
 * `sell` / `sell_refund` by external_id, `report/{uuid}`. Never logs the password or the token.
 */
export function createAtolProvider(options: AtolOptions): FiscalProvider {
  const call = options.fetch ?? fetch;
  let token: { value: string; until: number } | null = null;

  async function request(
    method: 'GET' | 'POST',
    path: string,
    body?: unknown,
    auth = true,
  ): Promise<AtolAnswer> {
    const headers: Record<string, string> = { 'content-type': 'application/json; charset=utf-8' };
    if (auth) headers.Token = await tokenValue();
    let response: Response;
    try {
      response = await call(`${await options.baseUrl()}${path}`, {
        method,
        headers,
        ...(body !== undefined && { body: JSON.stringify(body) }),
        signal: AbortSignal.timeout(options.timeoutMs ?? 20_000),
      });
    } catch (error) {
      throw new Error(`АТОЛ Онлайн не ответил: ${error instanceof Error ? error.message : String(error)}`);
    }
    if (response.status >= 500) throw new Error(`АТОЛ Онлайн недоступен: HTTP ${response.status}`);
    const answer = (await response.json().catch(() => null)) as Omit<AtolAnswer, 'httpStatus'> | null;
    if (!answer) throw new Error(`АТОЛ Онлайн ответил не JSON: HTTP ${response.status}`);
    if (auth && (response.status === 401 || answer.error?.code === 11)) throw new AuthExpired();
    return { ...answer, error: answer.error ?? null, httpStatus: response.status };
  }

  async function tokenValue(): Promise<string> {
    const now = options.clock.now().getTime();
    if (token && token.until > now) return token.value;
    const answer = await request(
      'POST',
      '/getToken',
      { login: options.login, pass: options.password },
      false,
    );
    if (!answer.token) throw new Error(`АТОЛ Онлайн не выдал токен: ${answer.error?.text ?? 'без причины'}`);
    token = { value: answer.token, until: now + TOKEN_LIFE_MS };
    return token.value;
  }

  /** One call, and once more with a fresh token when ATOL says the token is no longer good. */
  async function withToken(method: 'GET' | 'POST', path: string, body?: unknown): Promise<AtolAnswer> {
    try {
      return await request(method, path, body);
    } catch (error) {
      if (!(error instanceof AuthExpired)) throw error;
      token = null;
      try {
        return await request(method, path, body);
      } catch (again) {
        if (again instanceof AuthExpired) throw new Error('АТОЛ Онлайн не принял новый токен');
        throw again;
      }
    }
  }

  return {
    name: 'atol',
    async send(externalId: string, document: FiscalDocument, at: Date) {
      const answer = await withToken(
        'POST',
        `/${options.groupCode}/${document.kind}`,
        atolSellBody(externalId, document, at),
      );
      if (answer.uuid && (!answer.error || answer.error.code === ALREADY_REGISTERED))
        return { uuid: answer.uuid };
      const reason = `АТОЛ Онлайн отказал: ${answer.error?.text ?? 'без причины'}`;
      // A 4xx (the document's own fault: validation, a wrong INN) is for good; anything else may pass.
      if (answer.httpStatus >= 400 || answer.error?.type === 'agent') throw new FiscalRefusal(reason);
      throw new Error(reason);
    },
    async report(uuid: string): Promise<FiscalReport> {
      const answer = await withToken('GET', `/${options.groupCode}/report/${encodeURIComponent(uuid)}`);
      if (answer.status === 'wait') return { state: 'wait' };
      if (answer.status === 'fail')
        return { state: 'fail', reason: answer.error?.text ?? 'АТОЛ Онлайн: чек не пробит' };
      if (answer.status === 'done' && answer.payload) {
        const text = (key: string) => String(answer.payload?.[key] ?? '');
        return {
          state: 'done',
          fiscal: {
            fnNumber: text('fn_number'),
            fiscalDocumentNumber: text('fiscal_document_number'),
            fiscalDocumentAttribute: text('fiscal_document_attribute'),
            fiscalReceiptNumber: text('fiscal_receipt_number'),
            receiptAt: text('receipt_datetime'),
            ofdReceiptUrl: text('ofd_receipt_url') || null,
          },
        };
      }
      throw new Error(`АТОЛ Онлайн: непонятный ответ о чеке ${answer.error?.text ?? ''}`.trim());
    },
  };
}
