// The operator's command-line tool: reads and changes a running deployment's settings through its operator
// API (so it works with the embedded database too, which only the server process may open).
//   npm run operator -- settings:get                     prints the settings as JSON
//   npm run operator -- settings:set <file.json>         validates and stores them; the site shows them at once
//   npm run operator -- content:export <file.json>       writes settings, content and pictures as one JSON file
//   npm run operator -- content:import <file.json>       replaces them all in one transaction (validated)
//   npm run operator -- till-key issue --point <id> [--label <text>]   a till API key, printed this once
//   npm run operator -- till-key list                    every till key (id, point, label, dates; never a key)
//   npm run operator -- till-key revoke <keyId>          revokes a till key at once
//   npm run operator -- gift-invoice list                companies' gift-card invoices (number, state, sum)
//   npm run operator -- gift-invoice paid <number>       the transfer arrived: issues the cards, sends them
// Environment: KOPILKA_URL (default http://localhost:3000) and OPERATOR_TOKEN (as the server's).
import { readFileSync, writeFileSync } from 'node:fs';

const baseUrl = process.env.KOPILKA_URL ?? 'http://localhost:3000';
const token = process.env.OPERATOR_TOKEN;

async function call(method: string, path: string, body?: unknown) {
  const response = await fetch(`${baseUrl}${path}`, {
    method,
    headers: {
      authorization: `Bearer ${token}`,
      ...(body !== undefined && { 'content-type': 'application/json' }),
    },
    ...(body !== undefined && { body: JSON.stringify(body) }),
  });
  const text = await response.text();
  if (!response.ok) {
    const message = text ? ((JSON.parse(text) as { message?: string }).message ?? text) : response.statusText;
    throw new Error(`${response.status}: ${message}`);
  }
  return text ? JSON.parse(text) : null;
}

/** `--name value` from the arguments, or undefined. */
function option(args: string[], name: string): string | undefined {
  const index = args.indexOf(`--${name}`);
  return index >= 0 ? args[index + 1] : undefined;
}

interface TillKeyInfo {
  keyId: string;
  retailPointId: number;
  label: string;
  createdAt: string;
  revokedAt: string | null;
}

const keyLine = (k: TillKeyInfo) =>
  [
    k.keyId,
    `point ${k.retailPointId}`,
    k.revokedAt ? `revoked ${k.revokedAt}` : 'active',
    k.createdAt,
    k.label,
  ]
    .filter(Boolean)
    .join('  ');

/** Till API keys (docs/decisions/015): the key is printed once, at issue; list and revoke never show it. */
async function tillKey(args: string[]) {
  const [action, id] = args;
  switch (action) {
    case 'issue': {
      const point = Number(option(args, 'point'));
      if (!Number.isInteger(point) || point <= 0)
        throw new Error('till-key issue needs --point <retail point id>');
      const issued = await call('POST', '/api/operator/till-keys', {
        retailPointId: point,
        label: option(args, 'label') ?? '',
      });
      console.log(
        `Till key ${issued.keyId} for point ${issued.retailPointId}. Shown this once, store it now:`,
      );
      console.log(issued.key);
      return;
    }
    case 'list': {
      const keys = (await call('GET', '/api/operator/till-keys')) as TillKeyInfo[];
      console.log(keys.length ? keys.map(keyLine).join('\n') : 'No till keys.');
      return;
    }
    case 'revoke':
      if (!id) throw new Error('till-key revoke needs a key id (see till-key list)');
      console.log(keyLine(await call('POST', `/api/operator/till-keys/${encodeURIComponent(id)}/revoke`)));
      return;
    default:
      throw new Error('till-key: issue --point <id> [--label <text>] | list | revoke <keyId>');
  }
}

interface InvoiceInfo {
  number: number;
  state: 'issued' | 'paid';
  companyName: string;
  inn: string;
  total: number;
  quantity: number;
  createdAt: string;
  paidAt: string | null;
}

const invoiceLine = (i: InvoiceInfo) =>
  [
    `№ ${i.number}`,
    i.state === 'paid' ? `paid ${i.paidAt}` : 'awaiting payment',
    `${i.total} ₽`,
    `${i.quantity} cards`,
    `${i.companyName} (ИНН ${i.inn})`,
    i.createdAt,
  ].join('  ');

/** Companies' gift-card invoices (docs/decisions/018): marking one paid issues its cards. */
async function giftInvoice(args: string[]) {
  const [action, number] = args;
  switch (action) {
    case 'list': {
      const invoices = (await call('GET', '/api/operator/gift-card-invoices')) as InvoiceInfo[];
      console.log(invoices.length ? invoices.map(invoiceLine).join('\n') : 'No invoices.');
      return;
    }
    case 'paid':
      if (!number || !/^\d+$/.test(number)) throw new Error('gift-invoice paid needs the invoice number');
      console.log(invoiceLine(await call('POST', `/api/operator/gift-card-invoices/${number}/paid`)));
      return;
    default:
      throw new Error('gift-invoice: list | paid <number>');
  }
}

async function main(args: string[]) {
  if (!token) throw new Error('Set OPERATOR_TOKEN to the server’s operator token');
  const [command, file] = args;
  switch (command) {
    case 'till-key':
      await tillKey(args.slice(1));
      return;
    case 'gift-invoice':
      await giftInvoice(args.slice(1));
      return;
    case 'settings:get':
      console.log(JSON.stringify(await call('GET', '/api/operator/settings'), null, 2));
      return;
    case 'settings:set':
      if (!file) throw new Error('settings:set needs a JSON file');
      await call('PUT', '/api/operator/settings', JSON.parse(readFileSync(file, 'utf8')));
      console.log('Settings saved.');
      return;
    case 'content:export':
      if (!file) throw new Error('content:export needs a file to write');
      writeFileSync(file, `${JSON.stringify(await call('GET', '/api/operator/content'), null, 2)}\n`);
      console.log(`Content written to ${file}.`);
      return;
    case 'content:import': {
      if (!file) throw new Error('content:import needs a JSON file');
      const { imported } = await call('PUT', '/api/operator/content', JSON.parse(readFileSync(file, 'utf8')));
      console.log(`Content imported: ${JSON.stringify(imported)}.`);
      return;
    }
    default:
      console.log(
        'Commands: settings:get, settings:set <file.json>, content:export <file.json>, content:import <file.json>, till-key issue --point <id> [--label <text>], till-key list, till-key revoke <keyId>, gift-invoice list, gift-invoice paid <number>',
      );
      process.exitCode = command ? 1 : 0;
  }
}

main(process.argv.slice(2)).catch((error: Error) => {
  console.error(error.message);
  process.exit(1);
});
