import { mkdtempSync } from 'node:fs';
import { connect } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app';
import type { SiteBundle } from '../features/site/site-renderer';
import { createTestApp, type TestApp } from './test-app';

// Answers that must never be kept by a cache or leave without the security headers (docs/decisions/047): a gift
// card's page, and Node's own answer to a request whose headers are too large.

/** A renderer that answers every page with a fixed document: what is checked here is the headers only. */
const fakeSite = (): SiteBundle => ({
  render: async () => ({ status: 200, stream: Readable.from(['<!DOCTYPE html><html lang="ru"></html>']) }),
  assets: { entry: '/assets/entry.js', styles: [], preload: [] },
  routeChunks: {},
  clientDir: mkdtempSync(join(tmpdir(), 'kopilka-site-')),
});

let t: TestApp;
let app: FastifyInstance;

beforeAll(async () => {
  t = await createTestApp();
  app = await buildApp(t.deps, { logger: false, site: fakeSite() });
  await app.listen({ host: '127.0.0.1', port: 0 });
}, 60_000);

afterAll(async () => {
  await app?.close();
  await t?.close();
});

/** Sends raw bytes to the listening app and reads its whole answer (the connection closes after it). */
function rawRequest(request: string): Promise<string> {
  const address = app.server.address();
  if (!address || typeof address === 'string') throw new Error('not listening');
  return new Promise((resolve, reject) => {
    const socket = connect(address.port, '127.0.0.1');
    let answer = '';
    socket.setEncoding('utf8');
    socket.on('data', (chunk: string) => (answer += chunk));
    socket.on('end', () => resolve(answer));
    socket.on('close', () => resolve(answer));
    socket.on('error', (error: NodeJS.ErrnoException) =>
      error.code === 'ECONNRESET' ? resolve(answer) : reject(error),
    );
    socket.write(request);
  });
}

describe('answers kept by no cache', () => {
  it("a gift card's page is no-store: it holds the card's balance and message", async () => {
    const page = await app.inject({ url: '/gc/AAAAAAAAAAAAAAAAAAAAAA' });
    expect(page.statusCode).toBe(200);
    expect(page.headers['cache-control']).toBe('no-store');
    // Other pages are only revalidated (they change with the brand's settings).
    expect((await app.inject({ url: '/' })).headers['cache-control']).toBe('no-cache');
  });
});

describe("Node's answer to headers too large", () => {
  it('carries the security headers, no-store and a {message, code} body', async () => {
    const answer = await rawRequest(
      `GET /api/news HTTP/1.1\r\nHost: localhost\r\nX-Big: ${'a'.repeat(20_000)}\r\n\r\n`,
    );
    const [head = '', body = ''] = answer.split('\r\n\r\n');
    const lines = head.split('\r\n');
    expect(lines[0]).toBe('HTTP/1.1 431 Request Header Fields Too Large');
    const headers = new Map(
      lines.slice(1).map((line) => {
        const at = line.indexOf(':');
        return [line.slice(0, at).toLowerCase(), line.slice(at + 1).trim()] as const;
      }),
    );
    expect(headers.get('strict-transport-security')).toMatch(/^max-age=31536000; includeSubDomains/);
    expect(headers.get('x-content-type-options')).toBe('nosniff');
    expect(headers.get('referrer-policy')).toBe('strict-origin-when-cross-origin');
    expect(headers.get('content-security-policy')).toContain("frame-ancestors 'none'");
    expect(headers.get('cache-control')).toBe('no-store');
    expect(headers.get('content-type')).toBe('application/json; charset=utf-8');
    expect(JSON.parse(body)).toEqual({ code: 'HEADERS_TOO_LARGE', message: expect.any(String) });
  });

  it('a malformed request line gets the same headers and a 400', async () => {
    const answer = await rawRequest('NOT A REQUEST\r\n\r\n');
    expect(answer.startsWith('HTTP/1.1 400 Bad Request\r\n')).toBe(true);
    expect(answer).toMatch(/\r\nx-content-type-options: nosniff\r\n/i);
    expect(answer).toMatch(/"code":"BAD_REQUEST"/);
  });
});
