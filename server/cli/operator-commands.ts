import { readFileSync, writeFileSync } from 'node:fs';
import {
  exportOperatorContent,
  getOperatorSettings,
  importOperatorContent,
  issueTillKey,
  listTillKeys,
  operatorDeleteMember,
  putOperatorSettings,
  revokeTillKey,
  type TillKeyInfo,
} from '#common/contract/operator';
import {
  listGiftCardInvoices,
  markGiftCardInvoicePaid,
  type InvoiceItem,
} from '#common/contract/operator-gift-cards';
import { campaignCommand } from './campaign-commands';
import { promoCommand, PROMOS_USAGE } from './promo-commands';
import { catalogueCommand, CATALOGUE_USAGE } from './catalogue-commands';
import type { OperatorClient } from './operator-client';
import { UsageError } from './usage-error';
import { staffCommand, STAFF_USAGE } from './staff-commands';

export const USAGE =
  'Commands: settings:get, settings:set <file.json>, content:export <file.json>, content:import <file.json>, till-key issue --point <id> [--label <text>], till-key list, till-key revoke <keyId>, gift-invoice list, gift-invoice paid <number> --payment <number> --date <yyyy-mm-dd>, members delete --phone <phone> --reason <text>, campaigns list|add <file.json>|set <id> <file.json>|delete <id>|preview --point <id> --sum <roubles> [--at <ISO>], ' +
  `${CATALOGUE_USAGE}, ${PROMOS_USAGE}, ` +
  STAFF_USAGE;

export { UsageError };

/** `--name value` from the arguments, or undefined. */
function option(args: string[], name: string): string | undefined {
  const index = args.indexOf(`--${name}`);
  return index >= 0 ? args[index + 1] : undefined;
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

const invoiceLine = (i: InvoiceItem) =>
  [
    `№ ${i.number}`,
    i.state === 'paid' ? `paid ${i.paidAt}` : 'awaiting payment',
    `${i.total} ₽`,
    `${i.quantity} cards`,
    `${i.companyName} (ИНН ${i.inn})`,
    i.createdAt,
  ].join('  ');

const readJson = (file: string): unknown => JSON.parse(readFileSync(file, 'utf8'));

/** Till API keys (docs/decisions/015): the key is printed once, at issue; list and revoke never show it. */
async function tillKey(api: OperatorClient, args: string[], print: (line: string) => void) {
  const [action, id] = args;
  switch (action) {
    case 'issue': {
      const point = Number(option(args, 'point'));
      if (!Number.isInteger(point) || point <= 0)
        throw new UsageError('till-key issue needs --point <retail point id>');
      const issued = await api.call(issueTillKey, {
        body: { retailPointId: point, label: option(args, 'label') ?? '' },
      });
      print(`Till key ${issued.keyId} for point ${issued.retailPointId}. Shown this once, store it now:`);
      print(issued.key);
      return;
    }
    case 'list': {
      const keys = await api.call(listTillKeys);
      print(keys.length ? keys.map(keyLine).join('\n') : 'No till keys.');
      return;
    }
    case 'revoke':
      if (!id) throw new UsageError('till-key revoke needs a key id (see till-key list)');
      print(keyLine(await api.call(revokeTillKey, { params: { keyId: id } })));
      return;
    default:
      throw new UsageError('till-key: issue --point <id> [--label <text>] | list | revoke <keyId>');
  }
}

/** Companies' gift-card invoices (docs/decisions/018): marking one paid issues its cards. */
async function giftInvoice(api: OperatorClient, args: string[], print: (line: string) => void) {
  const [action, number] = args;
  switch (action) {
    case 'list': {
      const invoices = await api.call(listGiftCardInvoices);
      print(invoices.length ? invoices.map(invoiceLine).join('\n') : 'No invoices.');
      return;
    }
    case 'paid': {
      if (!number || !/^\d+$/.test(number))
        throw new UsageError('gift-invoice paid needs the invoice number');
      // The bank payment it was confirmed by (decision 053): kept with the invoice and in the audit.
      const paymentNumber = option(args, 'payment');
      const paymentDate = option(args, 'date');
      if (!paymentNumber || !paymentDate)
        throw new UsageError(
          'gift-invoice paid needs --payment <number> --date <yyyy-mm-dd> of the bank payment',
        );
      print(
        invoiceLine(
          await api.call(markGiftCardInvoicePaid, {
            params: { number },
            body: { paymentNumber, paymentDate },
          }),
        ),
      );
      return;
    }
    default:
      throw new UsageError('gift-invoice: list | paid <number> --payment <number> --date <yyyy-mm-dd>');
  }
}

/** A phone as people write it ('+7 (900) 000-00-01', '8 900 ...', '9000000001') to the API's 7XXXXXXXXXX. */
export function normalisePhone(text: string): string | null {
  const digits = text.replace(/\D/g, '');
  if (digits.length === 10) return `7${digits}`;
  if (digits.length === 11 && (digits[0] === '7' || digits[0] === '8')) return `7${digits.slice(1)}`;
  return null;
}

/** A member's deletion asked for outside the site (docs/decisions/028): the same effects as their own. */
async function members(api: OperatorClient, args: string[], print: (line: string) => void) {
  if (args[0] !== 'delete') throw new UsageError('members: delete --phone <phone> --reason <text>');
  const phone = normalisePhone(option(args, 'phone') ?? '');
  if (!phone) throw new UsageError('members delete needs --phone with a Russian mobile number');
  // The request behind the deletion (its letter or ticket number) goes into the audit row (decision 053).
  const reason = option(args, 'reason')?.trim() ?? '';
  if (reason.length < 3) throw new UsageError('members delete needs --reason (the request or its number)');
  const done = await api.call(operatorDeleteMember, { body: { phone, reason } });
  print(
    `Deleted: bonuses closed ${done.bonusClosed}, balance closed ${done.moneyClosed} ₽, ` +
      `${done.sessionsEnded} sessions ended, ${done.savedCardsRemoved} saved cards removed.`,
  );
}

/** Runs one command of `npm run operator -- <command> ...` against the operator API. */
export async function runOperatorCommand(api: OperatorClient, args: string[], print: (line: string) => void) {
  const [command, file] = args;
  switch (command) {
    case 'till-key':
      return tillKey(api, args.slice(1), print);
    case 'gift-invoice':
      return giftInvoice(api, args.slice(1), print);
    case 'members':
      return members(api, args.slice(1), print);
    case 'campaigns':
      return campaignCommand(api, args.slice(1), print);
    case 'promos':
      return promoCommand(api, args.slice(1), print);
    case 'catalogue':
      return catalogueCommand(api, args.slice(1), print);
    case 'staff':
      return staffCommand(api, args.slice(1), print);
    case 'settings:get':
      return print(JSON.stringify(await api.call(getOperatorSettings), null, 2));
    case 'settings:set':
      if (!file) throw new UsageError('settings:set needs a JSON file');
      await api.call(putOperatorSettings, { body: readJson(file) as never });
      return print('Settings saved.');
    case 'content:export':
      if (!file) throw new UsageError('content:export needs a file to write');
      writeFileSync(file, `${JSON.stringify(await api.call(exportOperatorContent), null, 2)}\n`);
      return print(`Content written to ${file}.`);
    case 'content:import': {
      if (!file) throw new UsageError('content:import needs a JSON file');
      const { imported } = await api.call(importOperatorContent, { body: readJson(file) });
      return print(`Content imported: ${JSON.stringify(imported)}.`);
    }
    default:
      throw new UsageError(USAGE);
  }
}
