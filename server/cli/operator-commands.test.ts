import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registeredCustomer } from '../test/cabinet-kit';
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
    await expect(run('gift-invoice', 'paid', '999')).rejects.toThrow(/--payment <number> --date/);
    await expect(
      run('gift-invoice', 'paid', '999', '--payment', '123', '--date', '2026-01-01'),
    ).rejects.toThrow(OperatorCallError);
    await expect(run('till-key', 'issue', '--point', '99999')).rejects.toThrow(/^404: /);
  });

  it('adds, lists, previews, changes and deletes a campaign; a bad file is the server’s 400', async () => {
    const file = join(dir, 'campaign.json');
    const campaign = {
      title: 'Утренний кофе',
      startsOn: '2026-01-01',
      hours: { from: '08:00', to: '10:00' },
      pointIds: [3],
      effect: { kind: 'EXTRA_PERCENT', percent: 5 },
    };
    writeFileSync(file, JSON.stringify(campaign));
    const added = await run('campaigns', 'add', file);
    const id = added.split('  ')[0]!;
    expect(added).toContain('08:00-10:00  points 3  +5%  priority 0  Утренний кофе');
    expect(await run('campaigns', 'list')).toContain(
      'x2  priority 10  Двойные бонусы на выпечку по выходным',
    );
    const morning = await run(
      'campaigns',
      'preview',
      '--point',
      '3',
      '--sum',
      '100',
      '--at',
      '2026-12-01T09:00:00+03:00',
    );
    expect(morning).toBe('15 bonuses at 2026-12-01T06:00:00.000Z\n  Базовое начисление 10%\n  Утренний кофе');
    writeFileSync(file, JSON.stringify({ ...campaign, active: false }));
    expect(await run('campaigns', 'set', id, file)).toContain(`${id}  off`);
    writeFileSync(file, JSON.stringify({ ...campaign, weekdays: [8] }));
    await expect(run('campaigns', 'add', file)).rejects.toThrow(/^400: .*weekdays/);
    expect(await run('campaigns', 'delete', id)).toBe(`Campaign ${id} deleted.`);
    await expect(run('campaigns', 'preview', '--point', '3')).rejects.toThrow(UsageError);
  });

  it('loads goods from a CSV, shows the tree and finds an item on every page (decision 060)', async () => {
    const file = join(dir, 'goods.csv');
    writeFileSync(
      file,
      'Артикул;Название;Категория;НДС;Цена;Штрихкоды\r\nCLI-1;Батон «Пробный»;bakery;10;59,90;\r\n',
    );
    expect(await run('catalogue', 'import', file)).toBe(
      `Loaded items from ${file}. Categories: 0 created, 0 updated, 0 unchanged. Items: 1 created, 0 updated, 0 unchanged. Barcodes moved: 0.`,
    );
    const tree = await run('catalogue', 'categories');
    expect(tree).toContain('  tobacco  Табак');
    expect(tree).toContain('TOBACCO');
    expect(await run('catalogue', 'find', 'Пробный')).toBe(
      'CLI-1  bakery  59.9 ₽  VAT10  Батон «Пробный»\n1 item(s).',
    );
    const bakery = (await run('catalogue', 'find', '--category', 'bakery')).split('\n');
    expect(bakery.at(-1)).toMatch(/^\d+ item\(s\)\.$/);
    expect(bakery.length - 1).toBe(Number(bakery.at(-1)!.split(' ')[0]));
    await expect(run('catalogue', 'import')).rejects.toThrow(UsageError);
  });

  it('adds promos, generates one-use codes, pauses and resumes, writes the codes as CSV (decision 064)', async () => {
    const file = join(dir, 'promo.json');
    writeFileSync(
      file,
      JSON.stringify({
        title: 'Флаеры',
        kind: 'UNIQUE',
        effect: 'DISCOUNT_PERCENT',
        value: 15,
        totalLimit: 500,
      }),
    );
    const added = await run('promos', 'add', file);
    const id = added.split('  ')[0]!;
    expect(added).toBe(
      `${id}  on  unique  0 codes  -15%  whole receipt  500 in total  held 0, used 0  Флаеры`,
    );
    expect(await run('promos', 'generate', id, '--count', '25')).toBe(
      'Generated 25 codes; the promo has 25.',
    );
    expect(await run('promos', 'pause', id)).toContain(`${id}  paused  unique  25 codes`);
    expect(await run('promos', 'resume', id)).toContain(`${id}  on  unique`);
    const listed = await run('promos', 'list');
    expect(listed).toContain(`${id}  on  unique  25 codes  -15%`);
    expect(listed).toMatch(/ДЕМО10 {2}-10% {2}whole receipt/);
    const csv = join(dir, 'codes.csv');
    expect(await run('promos', 'codes', id, csv)).toBe(`Codes written to ${csv}.`);
    expect(readFileSync(csv, 'utf8').trim().split('\n')).toHaveLength(26);
    // A shared promo with a taken code, a bad file, a missing id: the server's 4xx or the usage.
    writeFileSync(
      file,
      JSON.stringify({ title: 'Ещё', kind: 'SHARED', effect: 'BONUS_FIXED', value: 50, code: 'ДЕМО10' }),
    );
    await expect(run('promos', 'add', file)).rejects.toThrow(/^409: /);
    writeFileSync(
      file,
      JSON.stringify({ title: 'Ещё', kind: 'SHARED', effect: 'BONUS_PERCENT', value: 101 }),
    );
    await expect(run('promos', 'add', file)).rejects.toThrow(/^400: /);
    await expect(run('promos', 'generate', id)).rejects.toThrow(UsageError);
    await expect(run('promos', 'pause', '00000000-0000-4000-8000-000000000000')).rejects.toThrow(UsageError);
    await expect(run('promos', 'fly')).rejects.toThrow(/^promos: list/);
  });

  it('is refused without the right token', async () => {
    const stranger = createOperatorClient(address, 'wrong');
    await expect(runOperatorCommand(stranger, ['settings:get'], () => undefined)).rejects.toThrow(/^401: /);
  });

  it('deletes a member by phone as they would themselves, and refuses a phone it cannot read', async () => {
    await expect(run('members', 'delete', '--phone', '12', '--reason', 'Письмо 1')).rejects.toBeInstanceOf(
      UsageError,
    );
    await registeredCustomer(t, '79005552811');
    await expect(run('members', 'delete', '--phone', '+7 (900) 555-28-11')).rejects.toBeInstanceOf(
      UsageError,
    );
    expect(await run('members', 'delete', '--phone', '+7 (900) 555-28-11', '--reason', 'Письмо 1')).toBe(
      'Deleted: bonuses closed 0, balance closed 0 ₽, 1 sessions ended, 0 saved cards removed.',
    );
    await expect(
      run('members', 'delete', '--phone', '89005552811', '--reason', 'Письмо 1'),
    ).rejects.toBeInstanceOf(OperatorCallError);
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
