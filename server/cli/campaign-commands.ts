import { readFileSync } from 'node:fs';
import {
  createCampaign,
  deleteCampaign,
  earnPreview,
  listCampaigns,
  updateCampaign,
  type Campaign,
  type CampaignInput,
} from '#common/contract/programme';
import type { OperatorClient } from './operator-client';
import { UsageError } from './usage-error';

/** `--name value` from the arguments, or undefined. */
function option(args: string[], name: string): string | undefined {
  const index = args.indexOf(`--${name}`);
  return index >= 0 ? args[index + 1] : undefined;
}

const WEEKDAY = ['', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat', 'Sun'];

const effectOf = (c: Campaign) =>
  c.effect.kind === 'MULTIPLIER'
    ? `x${c.effect.factor}`
    : c.effect.kind === 'EXTRA_PERCENT'
      ? `+${c.effect.percent}%`
      : `+${c.effect.bonuses} bonuses`;

export const campaignLine = (c: Campaign) =>
  [
    c.id,
    c.active ? 'on' : 'off',
    `${c.startsOn}..${c.endsOn ?? ''}`,
    c.weekdays.length ? c.weekdays.map((d) => WEEKDAY[d]).join(',') : 'every day',
    c.hours ? `${c.hours.from}-${c.hours.to}` : 'all day',
    c.pointIds.length ? `points ${c.pointIds.join(',')}` : 'all points',
    c.minCheque > 0 ? `from ${c.minCheque} ₽` : '',
    effectOf(c),
    `priority ${c.priority}${c.stacks ? ', stacks' : ''}`,
    c.title,
  ]
    .filter(Boolean)
    .join('  ');

const readCampaign = (file: string | undefined, what: string): CampaignInput => {
  if (!file) throw new UsageError(`${what} needs a JSON file with the campaign`);
  return JSON.parse(readFileSync(file, 'utf8')) as CampaignInput;
};

/** `campaigns list | add <file> | set <id> <file> | delete <id> | preview --point <id> --sum <₽> [--at <ISO>]`. */
export async function campaignCommand(api: OperatorClient, args: string[], print: (line: string) => void) {
  const [action, first, second] = args;
  switch (action) {
    case 'list': {
      const all = await api.call(listCampaigns);
      return print(all.length ? all.map(campaignLine).join('\n') : 'No campaigns.');
    }
    case 'add':
      return print(
        campaignLine(await api.call(createCampaign, { body: readCampaign(first, 'campaigns add') })),
      );
    case 'set':
      if (!first) throw new UsageError('campaigns set needs the campaign id (see campaigns list) and a file');
      return print(
        campaignLine(
          await api.call(updateCampaign, {
            params: { campaignId: first },
            body: readCampaign(second, 'campaigns set'),
          }),
        ),
      );
    case 'delete':
      if (!first) throw new UsageError('campaigns delete needs the campaign id (see campaigns list)');
      await api.call(deleteCampaign, { params: { campaignId: first } });
      return print(`Campaign ${first} deleted.`);
    case 'preview': {
      const point = Number(option(args, 'point'));
      const sum = Number(option(args, 'sum'));
      if (!Number.isInteger(point) || point <= 0 || !(sum > 0))
        throw new UsageError('campaigns preview needs --point <id> --sum <roubles> [--at <ISO date-time>]');
      const at = option(args, 'at');
      const answer = await api.call(earnPreview, {
        body: { retailPointId: point, sum, ...(at !== undefined && { at }) },
      });
      print(`${answer.earn} bonuses at ${answer.at}`);
      return print(answer.rules.map((r) => `  ${r.title}`).join('\n'));
    }
    default:
      throw new UsageError(
        'campaigns: list | add <file.json> | set <id> <file.json> | delete <id> | preview --point <id> --sum <roubles> [--at <ISO>]',
      );
  }
}
