// A chain's system as the webhook tests see it: an HTTP server on 127.0.0.1 that reads the raw body, checks the
// Kopilka-Signature header the way a receiver must (decision 073), and answers what the test asks for.
import { createServer, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';
import { SIGNATURE_HEADER, verifySignature } from '../core/events/signature';

export interface Received {
  headers: IncomingHttpHeaders;
  body: string;
  event: { id: string; type: string; createdAt: string; data: Record<string, unknown> };
  signatureValid: boolean;
}

export interface Receiver {
  url: string;
  received: Received[];
  /** The secret the receiver checks signatures with (set after the endpoint is registered). */
  secret: string;
  /** The status to answer for an event (default 200). */
  answer: (event: Received['event']) => number;
  /** The moment the signature's timestamp is checked against (the test's clock). */
  now: () => Date;
  close(): Promise<void>;
}

export async function startReceiver(now: () => Date): Promise<Receiver> {
  const receiver: Receiver = {
    url: '',
    received: [],
    secret: '',
    answer: () => 200,
    now,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
  const server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const body = Buffer.concat(chunks).toString('utf8');
      const header = request.headers[SIGNATURE_HEADER];
      const signatureValid = verifySignature(
        receiver.secret,
        typeof header === 'string' ? header : undefined,
        body,
        receiver.now(),
      );
      const event = JSON.parse(body) as Received['event'];
      receiver.received.push({ headers: request.headers, body, event, signatureValid });
      response.statusCode = signatureValid ? receiver.answer(event) : 400;
      response.end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  receiver.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/hooks`;
  return receiver;
}
