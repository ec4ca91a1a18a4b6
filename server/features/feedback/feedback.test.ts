import { count } from 'drizzle-orm';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { feedback } from '#server/db/schema/content';
import { isConsoleMailProvider } from '#server/integrations/mail/console-provider';
import { createTestApp, type TestApp } from '#server/test/test-app';

const valid = { name: 'Анна', phone: '+7 (900) 123-45-67', message: 'Спасибо за выпечку!' };

describe('POST /api/feedback', () => {
  let t: TestApp;
  beforeEach(async () => {
    t = await createTestApp();
  });
  afterEach(() => t.close());

  const stored = async () => (await t.deps.db.select({ n: count() }).from(feedback))[0]?.n;
  const send = (payload: object, ip = '10.0.0.1') =>
    t.app.inject({ method: 'POST', url: '/api/feedback', payload, remoteAddress: ip });

  it('stores a valid message and answers ok', async () => {
    const response = await send(valid);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ ok: true });
    const email = await send({ name: 'Олег', email: 'oleg@example.ru', message: 'Вопрос' });
    expect(email.statusCode).toBe(200);
    expect(await stored()).toBe(2);
  });

  it('sends the stored message to the brand’s e-mail, replying to the visitor', async () => {
    await send({ name: 'Олег', email: 'oleg@example.ru', message: 'Когда откроется пекарня?' });
    const mail = t.deps.mail;
    if (!isConsoleMailProvider(mail)) throw new Error('the test app uses the console mail provider');
    const [sent] = await mail.outbox('help@berezka.example');
    expect(sent?.subject).toBe('Берёзка: сообщение с сайта от Олег');
    expect(sent?.text).toContain('Когда откроется пекарня?');
    expect(sent?.text).toContain('E-mail: oleg@example.ru');
  });

  it('sends to OPERATOR_EMAIL when set, and keeps the message when the mail fails', async () => {
    const routed = await createTestApp({
      database: t.database,
      config: { ...t.deps.config, operatorEmail: 'ops@berezka.example' },
    });
    try {
      await routed.app.inject({
        method: 'POST',
        url: '/api/feedback',
        payload: valid,
        remoteAddress: '10.0.0.9',
      });
      const outbox = await routed.app.inject({ url: '/api/dev/mail?to=ops@berezka.example' });
      expect(outbox.json()).toHaveLength(1);
    } finally {
      await routed.close();
    }
    const failing = await createTestApp({
      database: t.database,
      mail: { name: 'smtp', send: () => Promise.reject(new Error('relay down')) },
    });
    try {
      const response = await failing.app.inject({
        method: 'POST',
        url: '/api/feedback',
        payload: valid,
        remoteAddress: '10.0.0.8',
      });
      expect(response.statusCode).toBe(200);
      expect(await stored()).toBe(2);
    } finally {
      await failing.close();
    }
  });

  it('refuses invalid messages with the spec’s Russian messages and stores nothing', async () => {
    const cases: Array<[object, string, string]> = [
      [{ ...valid, name: '  ' }, 'name', 'Обязательное поле'],
      [{ ...valid, message: 'х'.repeat(501) }, 'message', 'Слишком много символов'],
      [{ ...valid, phone: '+7 (900) 12' }, 'phone', 'Введены не все символы'],
      [{ name: 'Анна', email: 'anna@', message: 'Привет' }, 'email', 'Неверный формат почты'],
      [{ name: 'Анна', message: 'Привет' }, 'phone', 'Укажите телефон или e-mail, чтобы мы могли ответить'],
    ];
    for (const [payload, field, message] of cases) {
      const response = await send(payload);
      expect(response.statusCode, field).toBe(400);
      expect(response.json().fields[field]).toBe(message);
      expect(response.json().message).toContain(message);
    }
    expect(await stored()).toBe(0);
  });

  it('accepts five messages from one address in ten minutes, then refuses; other addresses still pass', async () => {
    for (let i = 0; i < 5; i += 1) expect((await send(valid)).statusCode).toBe(200);
    const limited = await send(valid);
    expect(limited.statusCode).toBe(429);
    expect(limited.json().message).toBe('Слишком много сообщений. Попробуйте через несколько минут.');
    expect((await send(valid, '10.0.0.2')).statusCode).toBe(200);
    expect(await stored()).toBe(6);
  });
});
