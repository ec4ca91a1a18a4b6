import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSmtpMailProvider } from './smtp-provider';

interface Received {
  from: string;
  to: string[];
  user: string | undefined;
  data: string;
}

/** A local SMTP server speaking the real protocol (smtp-server): what the relay would receive. */
function startFakeRelay() {
  const received: Received[] = [];
  const server = new SMTPServer({
    authOptional: false,
    allowInsecureAuth: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onAuth(auth, _session, callback) {
      if (auth.username === 'shop' && auth.password === 'secret') callback(null, { user: 'shop' });
      else callback(new Error('Invalid username or password'));
    },
    onData(stream, session, callback) {
      let data = '';
      stream.on('data', (chunk: Buffer) => (data += chunk.toString('utf8')));
      stream.on('end', () => {
        received.push({
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
          to: session.envelope.rcptTo.map((r) => r.address),
          user: session.user as string | undefined,
          data,
        });
        callback();
      });
    },
  });
  return new Promise<{ server: SMTPServer; port: number; received: Received[] }>((resolve) => {
    server.listen(0, '127.0.0.1', () => {
      resolve({ server, port: (server.server.address() as AddressInfo).port, received });
    });
  });
}

describe('the SMTP mail provider', () => {
  let relay: Awaited<ReturnType<typeof startFakeRelay>>;
  beforeAll(async () => {
    relay = await startFakeRelay();
  });
  afterAll(() => new Promise<void>((resolve) => relay.server.close(() => resolve())));

  it('authenticates and delivers the message with its From, To, Reply-To and Russian text', async () => {
    const mail = createSmtpMailProvider({
      url: `smtp://shop:secret@127.0.0.1:${relay.port}`,
      from: 'Берёзка <no-reply@berezka.example>',
    });
    await mail.send({
      to: 'ops@berezka.example',
      subject: 'Сообщение с сайта',
      text: 'Здравствуйте! Когда откроется пекарня?',
      replyTo: 'oleg@example.ru',
    });
    const [message] = relay.received;
    expect(message?.user).toBe('shop');
    expect(message?.from).toBe('no-reply@berezka.example');
    expect(message?.to).toEqual(['ops@berezka.example']);
    expect(message?.data).toMatch(/^Reply-To: oleg@example\.ru/m);
    expect(message?.data).toMatch(/^Subject: =\?UTF-8\?/m);
  });

  it('fails when the relay refuses the login', async () => {
    const mail = createSmtpMailProvider({
      url: `smtp://shop:wrong@127.0.0.1:${relay.port}`,
      from: 'no-reply@berezka.example',
    });
    await expect(mail.send({ to: 'ops@berezka.example', subject: 'x', text: 'y' })).rejects.toThrow();
  });
});
