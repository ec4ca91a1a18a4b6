// The reference of the Lighthouse bench (bench/lighthouse.ts): a static copy of the app, served by a tiny HTTP
// server that does no work per request.
import { once } from 'node:events';
import { createServer, request as httpRequest, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

interface Stored {
  status: number;
  headers: IncomingHttpHeaders;
  body: Buffer;
}

/** One GET to the app with the browser's own Accept-Encoding, bytes as sent (precompressed assets stay so). */
function fetchRaw(origin: string, path: string, acceptEncoding: string): Promise<Stored> {
  return new Promise((resolve, reject) => {
    const req = httpRequest(`${origin}${path}`, { headers: { 'accept-encoding': acceptEncoding } }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () =>
        resolve({ status: res.statusCode ?? 502, headers: res.headers, body: Buffer.concat(chunks) }),
      );
      res.on('error', reject);
    });
    req.on('error', reject);
    req.end();
  });
}

const HOP_BY_HOP = new Set(['connection', 'keep-alive', 'transfer-encoding', 'date', 'content-length']);

/**
 * The reference: a static copy of the app. Each path (and Accept-Encoding) is fetched from the app once, on its
 * first request, and from then on served from memory with the app's own headers (Cache-Control, ETag,
 * Content-Type, Content-Encoding and the rest), so the copy differs from the app only in doing no work. A
 * warm-up load in the browser fills it before Lighthouse measures it.
 */
export async function startStaticCopy(appOrigin: string): Promise<{ url: string; server: Server }> {
  const store = new Map<string, Promise<Stored>>();
  const server = createServer((req, res) => {
    const path = req.url ?? '/';
    const encoding = String(req.headers['accept-encoding'] ?? '');
    const key = `${encoding}\n${path}`;
    if (req.method !== 'GET' && req.method !== 'HEAD') {
      res.writeHead(405).end();
      return;
    }
    let stored = store.get(key);
    if (!stored) {
      stored = fetchRaw(appOrigin, path, encoding);
      store.set(key, stored);
    }
    stored.then(
      ({ status, headers, body }) => {
        for (const [name, value] of Object.entries(headers)) {
          if (value !== undefined && !HOP_BY_HOP.has(name)) res.setHeader(name, value);
        }
        res.setHeader('content-length', body.length);
        res.writeHead(status);
        res.end(req.method === 'HEAD' ? undefined : body);
      },
      () => {
        store.delete(key);
        res.writeHead(502).end();
      },
    );
  });
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, server };
}
