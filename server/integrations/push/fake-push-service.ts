import { createECDH, randomBytes, randomUUID, type ECDH } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { checkVapid, decryptAes128gcm, type VapidClaims } from './fake-push-crypto';

/** A browser's subscription as PushSubscription.toJSON() gives it. */
export interface FakeSubscription {
  endpoint: string;
  expirationTime: null;
  keys: { p256dh: string; auth: string };
}

/** One message the fake accepted, opened as the browser would. */
export interface FakePushMessage {
  endpoint: string;
  payload: string;
  ttl: number;
  urgency: string;
  topic: string | null;
  claims: VapidClaims;
}

/** Every request it refused, and why (tests assert on it). */
export interface FakePushRefusal {
  endpoint: string;
  status: number;
  reason: string;
}

/**
 * A push service on 127.0.0.1 that speaks the protocol (decision 077): RFC 8030 (POST to the subscription's
 * URL, a TTL required, Urgency and Topic checked, 201 with a Location), RFC 8292 (the VAPID JWT's signature,
 * `aud` and `exp`, and the key the subscription was made with: 403 for another) and RFC 8291 (the aes128gcm
 * body decrypted with the subscription's private key, as the browser would). Used by the API tests and the
 * journey in Chromium; `answer(endpoint, status)` makes one subscription answer 404, 410 or 429 instead.
 */
export interface FakePushService {
  origin: string;
  /** A new browser subscription bound to the sender's VAPID public key (the `applicationServerKey`). */
  subscribe(applicationServerKey: string): FakeSubscription;
  received: FakePushMessage[];
  refused: FakePushRefusal[];
  answer(endpoint: string, status: 404 | 410 | 429 | 201): void;
  close(): Promise<void>;
}

interface Browser {
  key: ECDH;
  auth: Buffer;
  applicationServerKey: string;
  answer: number;
}

const URGENCIES = new Set(['very-low', 'low', 'normal', 'high']);

export async function startFakePushService(
  options: { port?: number; now?: () => number } = {},
): Promise<FakePushService> {
  const browsers = new Map<string, Browser>();
  const received: FakePushMessage[] = [];
  const refused: FakePushRefusal[] = [];
  const nowS = () => Math.floor((options.now?.() ?? Date.now()) / 1000);
  let origin = '';

  const handle = (request: IncomingMessage, body: Buffer, response: ServerResponse) => {
    const endpoint = `${origin}${request.url ?? ''}`;
    const refuse = (status: number, reason: string) => {
      refused.push({ endpoint, status, reason });
      response.writeHead(status, { 'content-type': 'text/plain' }).end(reason);
    };
    const browser = browsers.get(endpoint);
    if (request.method !== 'POST') return refuse(405, 'POST only');
    if (!browser) return refuse(404, 'no such subscription');
    if (browser.answer !== 201) return refuse(browser.answer, `told to answer ${browser.answer}`);
    const vapid = checkVapid(request.headers.authorization, origin, nowS());
    if (!vapid.ok) return refuse(401, vapid.reason);
    if (vapid.publicKey !== browser.applicationServerKey) return refuse(403, 'not the subscription’s key');
    const ttl = Number(request.headers.ttl);
    if (request.headers.ttl === undefined || !Number.isInteger(ttl) || ttl < 0) return refuse(400, 'TTL');
    const urgency = String(request.headers.urgency ?? 'normal');
    if (!URGENCIES.has(urgency)) return refuse(400, 'Urgency');
    const topic = request.headers.topic === undefined ? null : String(request.headers.topic);
    if (topic !== null && !/^[\w-]{1,32}$/.test(topic)) return refuse(400, 'Topic');
    if (request.headers['content-encoding'] !== 'aes128gcm') return refuse(415, 'Content-Encoding');
    if (body.length > 4096) return refuse(413, 'more than 4096 bytes');
    let payload: string;
    try {
      payload = decryptAes128gcm(body, browser.key, browser.auth);
    } catch (error) {
      return refuse(400, `cannot decrypt: ${(error as Error).message}`);
    }
    received.push({ endpoint, payload, ttl, urgency, topic, claims: vapid.claims });
    response.writeHead(201, { location: `${origin}/m/${randomUUID()}` }).end();
  };

  const server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => handle(request, Buffer.concat(chunks), response));
  });
  await new Promise<void>((resolve) => server.listen(options.port ?? 0, '127.0.0.1', resolve));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  return {
    origin,
    received,
    refused,
    subscribe(applicationServerKey) {
      const key = createECDH('prime256v1');
      key.generateKeys();
      const auth = randomBytes(16);
      const endpoint = `${origin}/push/${randomUUID()}`;
      browsers.set(endpoint, { key, auth, applicationServerKey, answer: 201 });
      const keys = { p256dh: key.getPublicKey().toString('base64url'), auth: auth.toString('base64url') };
      return { endpoint, expirationTime: null, keys };
    },
    answer(endpoint, status) {
      const browser = browsers.get(endpoint);
      if (!browser) throw new Error(`no subscription ${endpoint}`);
      browser.answer = status;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
