import { randomUUID } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { isValidInn, TAX_SYSTEMS } from '#common/lib/fiscal-vocabulary';
import type { AtolSellBody } from './atol-format';

/** One receipt the fake holds: exactly one per external_id, whatever is re-sent. */
export interface FakeAtolReceipt {
  uuid: string;
  externalId: string;
  operation: string;
  body: AtolSellBody;
  polls: number;
  number: number;
}

/**
 * A stand-in for ATOL Online v5 on 127.0.0.1 (decision 070): tests and the demo's `cloud` mode without real
 * credentials talk to it over HTTP in the provider's own protocol. It checks what ATOL checks that matters
 * here (the token, sums adding up, the INN), keeps one receipt per external_id (a re-send gets error 10 with
 * the same uuid, as ATOL answers), and can be told to be down or to refuse every new document with a text.
 */
export interface FakeAtol {
  baseUrl: string;
  receipts: Map<string, FakeAtolReceipt>;
  /** Every call answers 503 while set. */
  down: boolean;
  /** A new document is refused for good (400, an «agent» error) with this text while set. */
  refuseWith: string | null;
  /** How many report polls answer «wait» before «done». */
  waitPolls: number;
  /** Forgets the tokens it issued: the next call with an old one gets 401. */
  expireTokens(): void;
  tokensIssued: number;
  close(): Promise<void>;
}

const GROUP = /^\/possystem\/v5\/([\w-]+)\/(sell|sell_refund)$/;
const REPORT = /^\/possystem\/v5\/([\w-]+)\/report\/([\w-]+)$/;

const kopecksOf = (roubles: number) => Math.round(roubles * 100);

/** What ATOL would refuse in a sell body, or null. */
function refusalOf(body: AtolSellBody): string | null {
  const receipt = body?.receipt;
  if (!body?.external_id || !receipt?.items?.length) return 'Не переданы external_id или позиции чека';
  if (!/^\d\d\.\d\d\.\d{4} \d\d:\d\d:\d\d$/.test(body.timestamp ?? '')) return 'Неверный формат timestamp';
  if (!isValidInn(receipt.company?.inn ?? '')) return 'Неверный ИНН организации';
  if (!(TAX_SYSTEMS as readonly string[]).includes(receipt.company?.sno))
    return 'Неверная система налогообложения';
  if (!receipt.client?.email && !receipt.client?.phone) return 'Не указан телефон или e-mail покупателя';
  const total = kopecksOf(receipt.total);
  const items = receipt.items.reduce((sum, item) => sum + kopecksOf(item.sum), 0);
  const payments = receipt.payments.reduce((sum, payment) => sum + kopecksOf(payment.sum), 0);
  if (items !== total) return `Сумма позиций ${items / 100} не равна итогу ${total / 100}`;
  if (payments !== total) return `Сумма оплат ${payments / 100} не равна итогу ${total / 100}`;
  for (const item of receipt.items) {
    const off = Math.abs(kopecksOf(item.price) * item.quantity - kopecksOf(item.sum));
    if (off > Math.max(1, item.quantity / 2))
      return `Позиция «${item.name}»: цена × количество не равна сумме`;
    if (item.name.length > 128) return 'Наименование длиннее 128 знаков';
  }
  return null;
}

type Reply = (status: number, body: unknown) => void;

const agentError = (code: number, text: string) => ({
  error: { error_id: randomUUID(), code, text, type: 'agent' },
});

/** The fake's inner state beside what `FakeAtol` shows. */
interface State {
  fake: FakeAtol;
  login: string;
  password: string;
  tokens: Set<string>;
  byUuid: Map<string, FakeAtolReceipt>;
  count: number;
}

function getToken(state: State, body: unknown, reply: Reply) {
  const given = body as { login?: string; pass?: string } | null;
  if (given?.login !== state.login || given?.pass !== state.password) {
    return reply(401, agentError(12, 'Неверный логин или пароль'));
  }
  const token = randomUUID();
  state.tokens.add(token);
  state.fake.tokensIssued += 1;
  reply(200, { error: null, token });
}

/** A sell: one receipt per external_id (a re-send is error 10 with its uuid), checked as ATOL would. */
function sell(state: State, operation: string, body: unknown, reply: Reply) {
  const { fake } = state;
  const sent = body as AtolSellBody;
  const existing = sent?.external_id ? fake.receipts.get(sent.external_id) : undefined;
  if (existing) {
    return reply(200, {
      uuid: existing.uuid,
      status: 'fail',
      ...agentError(10, 'Документ с переданными значениями external_id и group_code уже существует'),
    });
  }
  if (fake.refuseWith) return reply(400, agentError(32, fake.refuseWith));
  const refusal = refusalOf(sent);
  if (refusal) return reply(400, agentError(32, refusal));
  const receipt: FakeAtolReceipt = {
    uuid: randomUUID(),
    externalId: sent.external_id,
    operation,
    body: sent,
    polls: 0,
    number: ++state.count,
  };
  fake.receipts.set(receipt.externalId, receipt);
  state.byUuid.set(receipt.uuid, receipt);
  reply(200, { uuid: receipt.uuid, status: 'wait', error: null });
}

/** A report: «wait» for the first `waitPolls`, then «done» with made-up but well-formed fiscal attributes. */
function report(state: State, uuid: string, reply: Reply) {
  const receipt = state.byUuid.get(uuid);
  if (!receipt) return reply(400, agentError(34, 'Документ не найден'));
  receipt.polls += 1;
  if (receipt.polls <= state.fake.waitPolls) {
    return reply(200, { uuid: receipt.uuid, status: 'wait', error: null, payload: null });
  }
  const fp = String(1_000_000_000 + ((receipt.number * 7919) % 1_000_000_000));
  const fn = '9999078900000001';
  reply(200, {
    uuid: receipt.uuid,
    status: 'done',
    error: null,
    external_id: receipt.externalId,
    payload: {
      total: receipt.body.receipt.total,
      fns_site: 'www.nalog.gov.ru',
      fn_number: fn,
      shift_number: 1,
      receipt_datetime: receipt.body.timestamp,
      fiscal_receipt_number: receipt.number,
      fiscal_document_number: receipt.number,
      ecr_registration_number: '0000000001001234',
      fiscal_document_attribute: Number(fp),
      ofd_receipt_url: `${state.fake.baseUrl.replace('/possystem/v5', '')}/ofd/check?fn=${fn}&i=${receipt.number}&fp=${fp}`,
    },
  });
}

async function readBody(request: IncomingMessage): Promise<unknown> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  try {
    return JSON.parse(Buffer.concat(chunks).toString('utf8') || 'null');
  } catch {
    return null;
  }
}

async function handle(state: State, request: IncomingMessage, response: ServerResponse) {
  const reply: Reply = (status, body) => {
    response.writeHead(status, { 'content-type': 'application/json; charset=utf-8' });
    response.end(JSON.stringify({ timestamp: new Date().toISOString(), ...(body as object) }));
  };
  const body = await readBody(request);
  const path = (request.url ?? '').split('?')[0]!;
  if (state.fake.down) return reply(503, { error: { code: 1, text: 'Сервис недоступен', type: 'system' } });
  if (path === '/possystem/v5/getToken' && request.method === 'POST') return getToken(state, body, reply);
  if (!state.tokens.has(String(request.headers.token ?? ''))) {
    return reply(401, agentError(11, 'Передан некорректный или просроченный токен'));
  }
  const selling = GROUP.exec(path);
  if (selling && request.method === 'POST') return sell(state, selling[2]!, body, reply);
  const reporting = REPORT.exec(path);
  if (reporting && request.method === 'GET') return report(state, reporting[2]!, reply);
  reply(404, agentError(2, 'Неизвестный адрес'));
}

export async function startFakeAtol(options: { login?: string; password?: string } = {}): Promise<FakeAtol> {
  const state = {
    login: options.login ?? 'fake',
    password: options.password ?? 'fake',
    tokens: new Set<string>(),
    byUuid: new Map<string, FakeAtolReceipt>(),
    count: 0,
  } as State;
  const server = createServer((request, response) => void handle(state, request, response));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  server.unref(); // the demo's fake never keeps a stopping process alive
  const { port } = server.address() as AddressInfo;
  state.fake = {
    baseUrl: `http://127.0.0.1:${port}/possystem/v5`,
    receipts: new Map(),
    down: false,
    refuseWith: null,
    waitPolls: 1,
    tokensIssued: 0,
    expireTokens: () => state.tokens.clear(),
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
  return state.fake;
}
