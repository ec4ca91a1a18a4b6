// The money path over HTTP against the built server (`node dist/server/main.js`) with WEB_CONCURRENCY workers on
// the bench's PostgreSQL database: what a deployment's clients see, where the in-process rows of
// money-path.ts see one Node thread (decision 029).
import { Agent, request } from 'node:http';
import { startServer } from './built-server';

export interface HttpPayers {
  phones: string[];
  otp: string;
}

/**
 * The load generator's client: node:http on kept-alive connections. It shares the 2 cores with the server and
 * PostgreSQL, and `fetch` (undici with web streams) cost about as much CPU per payment as the server itself
 * (decision 037); this client costs a fraction of that, so the rows measure the server more than the bench.
 */
const agent = new Agent({ keepAlive: true, maxSockets: 64 });

interface Answer {
  status: number;
  text: string;
}

function jsonPost(url: string, body: object, headers: Record<string, string> = {}): Promise<Answer> {
  const payload = JSON.stringify(body);
  return new Promise((resolve, reject) => {
    const call = request(
      url,
      {
        method: 'POST',
        agent,
        headers: {
          'content-type': 'application/json',
          'content-length': Buffer.byteLength(payload),
          ...headers,
        },
      },
      (answer) => {
        const chunks: Buffer[] = [];
        answer.on('data', (chunk: Buffer) => chunks.push(chunk));
        answer.on('end', () =>
          resolve({ status: answer.statusCode ?? 0, text: Buffer.concat(chunks).toString('utf8') }),
        );
        answer.on('error', reject);
      },
    );
    call.on('error', reject);
    call.end(payload);
  });
}

/**
 * Starts the built server with `workers` processes on `databaseUrl`, logs each payer in (each from an address
 * of its own, so the per-address limits see 16 people, not one), and measures payments per second over
 * `seconds` for each of `rounds`.
 */
export async function httpPaymentRounds(
  databaseUrl: string,
  workers: number,
  payers: HttpPayers,
  seconds: number,
  rounds: number,
): Promise<number[]> {
  const server = await startServer({
    script: 'dist/server/main.js',
    readyPath: '/readyz',
    env: {
      NODE_ENV: 'test',
      LOG_LEVEL: 'silent',
      DATABASE_URL: databaseUrl,
      WEB_CONCURRENCY: String(workers),
      TRUST_PROXY: 'true',
      SEED_DEMO: 'false',
      SMS_TEST_OTP: payers.phones.map((p) => `${p}:${payers.otp}`).join(','),
    },
  });
  try {
    const tokens = await logInOverHttp(server.url, payers);
    await payOverHttp(server.url, tokens, 1); // warm-up: every worker's connections and caches
    const rates: number[] = [];
    for (let round = 0; round < rounds; round++) rates.push(await payOverHttp(server.url, tokens, seconds));
    return rates;
  } finally {
    await server.stop();
    // Its kept-alive connections went with the server; the next server gets new ones.
    agent.destroy();
  }
}

/** Logs each payer in with its fixed code, each from an address of its own; answers their access tokens. */
export function logInOverHttp(url: string, payers: HttpPayers): Promise<string[]> {
  return Promise.all(
    payers.phones.map(async (phone, i) => {
      const from = { 'x-forwarded-for': `10.89.${(i >> 8) & 255}.${i & 255}` };
      await jsonPost(`${url}/api/auth/phone`, { phone }, from);
      const answer = await jsonPost(`${url}/api/auth/token`, { phone, token: payers.otp }, from);
      if (answer.status !== 200) throw new Error(`login ${phone}: ${answer.status} ${answer.text}`);
      return (JSON.parse(answer.text) as { token: string }).token;
    }),
  );
}

/** Each payer pays 10 roubles in bonuses, again and again, for `seconds`: create, process, complete. */
export async function payOverHttp(url: string, tokens: string[], seconds: number): Promise<number> {
  const until = Date.now() + seconds * 1000;
  let done = 0;
  const call = async (token: string, path: string, body: object) => {
    const { status, text } = await jsonPost(`${url}${path}`, body, { authorization: `Bearer ${token}` });
    if (status !== 200) throw new Error(`${path}: ${status} ${text}`);
    return JSON.parse(text) as { data: { draftId: string; status?: number } };
  };
  const started = Date.now();
  await Promise.all(
    tokens.map(async (token) => {
      while (Date.now() < until) {
        const { draftId } = (
          await call(token, '/api/loyalty/createDraft', {
            paySum: 10,
            spendBonus: true,
            payType: 'CARD',
            retailPointId: 1,
            idempotencyKey: crypto.randomUUID(),
          })
        ).data;
        const processed = await call(token, '/api/loyalty/processDraft', {
          draftId,
          returnUrl: `${url}/loyalty/finish`,
        });
        if (processed.data.status !== 0) throw new Error(`draft ${draftId}: status ${processed.data.status}`);
        await call(token, '/api/loyalty/completeDraft', { draftId });
        done++;
      }
    }),
  );
  return done / ((Date.now() - started) / 1000);
}
