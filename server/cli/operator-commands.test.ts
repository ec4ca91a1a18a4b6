import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/test-app';
import { createOperatorClient, OperatorCallError, type OperatorClient } from './operator-client';
import { runOperatorCommand, UsageError } from './operator-commands';

const TOKEN = 'cli-operator-token-0123456789abcdef';

/** The command-line tool against a listening app, as an operator runs it. */
describe('npm run operator', () => {
  let t: TestApp;
  let api: OperatorClient;
  let address: string;
  const dir = mkdtempSync(join(tmpdir(), 'kopilka-cli-'));
  const run = async (...args: string[]) => {
    const lines: string[] = [];
    await runOperatorCommand(api, args, (line) => lines.push(line));
    return lines.join('\n');
  };

  beforeAll(async () => {
    t = await createTestApp({ config: { operatorToken: TOKEN } });
    address = await t.app.listen({ port: 0, host: '127.0.0.1' });
    api = createOperatorClient(address, TOKEN);
  });
  afterAll(() => t.close());

  it('prints the settings, and saves a changed file that the site then shows', async () => {
    const settings = JSON.parse(await run('settings:get'));
    expect(settings.title).toBe('Берёзка');
    const file = join(dir, 'settings.json');
    writeFileSync(file, JSON.stringify({ ...settings, title: 'Берёзка плюс' }));
    expect(await run('settings:set', file)).toBe('Settings saved.');
    expect((await t.app.inject('/api/header')).json().title).toBe('Берёзка плюс');
  });

  it('exports the content to a file and imports it back', async () => {
    const file = join(dir, 'content.json');
    expect(await run('content:export', file)).toBe(`Content written to ${file}.`);
    const content = JSON.parse(readFileSync(file, 'utf8'));
    expect(content.points.length).toBeGreaterThanOrEqual(12);
    expect(await run('content:import', file)).toMatch(/^Content imported: \{"points":\d+,/);
  });

  it('issues a till key once, lists it without the key, and revokes it', async () => {
    const issued = await run('till-key', 'issue', '--point', '1', '--label', 'касса 1');
    const [, key] = issued.split('\n');
    expect(key).toMatch(/^till_[0-9a-f]{32}_/);
    const keyId = /Till key (\S+) for point 1\./.exec(issued)?.[1] ?? '';
    const listed = await run('till-key', 'list');
    expect(listed).toContain(`${keyId}  point 1  active`);
    expect(listed).not.toContain(key);
    expect(await run('till-key', 'revoke', keyId)).toContain(`${keyId}  point 1  revoked `);
  });

  it('lists invoices, and says what is wrong with a command or with the server’s answer', async () => {
    expect(await run('gift-invoice', 'list')).toBe('No invoices.');
    await expect(run('till-key', 'issue')).rejects.toThrow(UsageError);
    await expect(run('gift-invoice', 'paid', 'x')).rejects.toThrow(
      'gift-invoice paid needs the invoice number',
    );
    await expect(run('nothing')).rejects.toThrow(/^Commands: settings:get/);
    await expect(run('gift-invoice', 'paid', '999')).rejects.toThrow(OperatorCallError);
    await expect(run('till-key', 'issue', '--point', '99999')).rejects.toThrow(/^404: /);
  });

  it('is refused without the right token', async () => {
    const stranger = createOperatorClient(address, 'wrong');
    await expect(runOperatorCommand(stranger, ['settings:get'], () => undefined)).rejects.toThrow(/^401: /);
  });

  it('creates the first owner with a one-time password, lists and resets staff', async () => {
    const created = (await run('staff', 'create', '--email', 'Owner@Example.com', '--role', 'owner')).split(
      '\n',
    );
    expect(created[0]).toMatch(/^owner@example\.com {2}owner {2}active {2}no authenticator yet/);
    const password = created[2]!;
    expect(password).toMatch(/^\S{16}$/);
    const login = await t.app.inject({
      method: 'POST',
      url: '/api/admin/login',
      payload: { email: 'owner@example.com', password },
    });
    expect(login.json().stage).toBe('enrol');
    expect(await run('staff', 'list')).toContain('owner@example.com  owner');
    const reset = (await run('staff', 'reset', 'owner@example.com', '--totp')).split('\n');
    expect(reset[2]).not.toBe(password);
    await expect(run('staff', 'create', '--email', 'a@b.ru', '--role', 'boss')).rejects.toThrow(
      /role is one of/,
    );
    await expect(run('staff', 'create', '--email', 'owner@example.com', '--role', 'viewer')).rejects.toThrow(
      /409: Сотрудник с такой почтой уже есть/,
    );
  });
});
