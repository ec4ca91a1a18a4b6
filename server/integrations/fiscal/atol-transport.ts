import type { Clock } from '#server/core/clock';

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

/** An ATOL answer, with the HTTP status added: a 4xx is ATOL refusing the request, not being away. */
export interface AtolAnswer {
  error: { code?: number; text?: string; type?: string } | null;
  token?: string;
  uuid?: string;
  status?: 'wait' | 'done' | 'fail';
  payload?: Record<string, unknown> | null;
  httpStatus: number;
}

/** A token lives 24 hours at ATOL; renewed an hour early so a long poll never carries a dying one. */
const TOKEN_LIFE_MS = 23 * 3600_000;

class AuthExpired extends Error {}

const reasonOf = (error: unknown) => (error instanceof Error ? error.message : String(error));

/**
 * ATOL Online's HTTP with its token (decision 070): `getToken` once, cached for its life, and renewed once when a
 * call says the token is no longer good (HTTP 401 or error 11). A network failure or a 5xx throws a plain Error
 * (passing). Never logs the password or the token.
 */
export function createAtolTransport(options: AtolOptions) {
  const call = options.fetch ?? fetch;
  let token: { value: string; until: number } | null = null;

  async function request(
    method: 'GET' | 'POST',
    path: string,
    body: unknown,
    auth: boolean,
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
      throw new Error(`АТОЛ Онлайн не ответил: ${reasonOf(error)}`, { cause: error });
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

  return {
    /** One call with the token, and once more with a fresh one when ATOL says the token is no longer good. */
    async call(method: 'GET' | 'POST', path: string, body?: unknown): Promise<AtolAnswer> {
      try {
        return await request(method, path, body, true);
      } catch (error) {
        if (!(error instanceof AuthExpired)) throw error;
        token = null;
        try {
          return await request(method, path, body, true);
        } catch (again) {
          if (again instanceof AuthExpired)
            throw new Error('АТОЛ Онлайн не принял новый токен', { cause: again });
          throw again;
        }
      }
    },
  };
}
