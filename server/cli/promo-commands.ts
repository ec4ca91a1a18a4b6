import { readFileSync, writeFileSync } from 'node:fs';
import {
  createPromo,
  exportPromoCodes,
  generatePromoCodes,
  listPromos,
  updatePromo,
  type Promo,
  type PromoInput,
} from '#common/contract/coupons';
import type { OperatorClient } from './operator-client';
import { UsageError } from './usage-error';

export const PROMOS_USAGE =
  'promos list|add <file.json>|generate <id> --count <n>|pause <id>|resume <id>|codes <id> <file.csv>';

/** `--name value` from the arguments, or undefined. */
function option(args: string[], name: string): string | undefined {
  const index = args.indexOf(`--${name}`);
  return index >= 0 ? args[index + 1] : undefined;
}

const effectOf = (p: Promo) =>
  ({
    DISCOUNT_PERCENT: `-${p.value}%`,
    DISCOUNT_FIXED: `-${p.value} ₽`,
    BONUS_PERCENT: `+${p.value}% bonuses`,
    BONUS_FIXED: `+${p.value} bonuses`,
  })[p.effect];

/** One promo on one line: what an operator checks before handing its codes out. */
export const promoLine = (p: Promo) =>
  [
    p.id,
    p.paused ? 'paused' : 'on',
    p.kind.toLowerCase(),
    p.code ?? `${p.codes} codes`,
    effectOf(p),
    p.categoryId ? `category ${p.categoryId}` : 'whole receipt',
    p.startsOn || p.endsOn ? `${p.startsOn ?? ''}..${p.endsOn ?? ''}` : '',
    p.perMemberLimit !== null ? `${p.perMemberLimit} per member` : '',
    p.totalLimit !== null ? `${p.totalLimit} in total` : '',
    `held ${p.held}, used ${p.used}`,
    p.title,
  ]
    .filter(Boolean)
    .join('  ');

/** The promo by id (the API changes it whole: its current fields with the pause). */
async function promoById(api: OperatorClient, id: string | undefined, what: string) {
  if (!id) throw new UsageError(`${what} needs the promo id (see promos list)`);
  const found = (await api.call(listPromos)).find((p) => p.id === id);
  if (!found) throw new UsageError(`No promo ${id} (see promos list)`);
  return found;
}

async function setPaused(api: OperatorClient, id: string | undefined, paused: boolean) {
  const promo = await promoById(api, id, paused ? 'promos pause' : 'promos resume');
  const { title, startsOn, endsOn, perMemberLimit, totalLimit } = promo;
  return api.call(updatePromo, {
    params: { promoId: promo.id },
    body: { title, startsOn, endsOn, perMemberLimit, totalLimit, paused },
  });
}

/**
 * Promos and their codes (decision 064), as the console's `/admin/coupons` does them: list, add from a JSON
 * file (the API's body), generate one-use codes, pause and resume, and the codes as CSV for Excel.
 */
export async function promoCommand(api: OperatorClient, args: string[], print: (line: string) => void) {
  const [action, first, second] = args;
  switch (action) {
    case 'list': {
      const all = await api.call(listPromos);
      return print(all.length ? all.map(promoLine).join('\n') : 'No promos.');
    }
    case 'add': {
      if (!first) throw new UsageError('promos add needs a JSON file with the promo');
      const body = JSON.parse(readFileSync(first, 'utf8')) as PromoInput;
      return print(promoLine(await api.call(createPromo, { body })));
    }
    case 'generate': {
      const count = Number(option(args, 'count'));
      if (!first || !Number.isInteger(count) || count <= 0)
        throw new UsageError('promos generate needs the promo id and --count <number of codes>');
      const done = await api.call(generatePromoCodes, { params: { promoId: first }, body: { count } });
      return print(`Generated ${done.generated} codes; the promo has ${done.codes}.`);
    }
    case 'pause':
    case 'resume':
      return print(promoLine(await setPaused(api, first, action === 'pause')));
    case 'codes': {
      if (!first || !second) throw new UsageError('promos codes needs the promo id and a file to write');
      const { csv } = await api.call(exportPromoCodes, { params: { promoId: first } });
      writeFileSync(second, csv);
      return print(`Codes written to ${second}.`);
    }
    default:
      throw new UsageError(`promos: ${PROMOS_USAGE.slice('promos '.length)}`);
  }
}
