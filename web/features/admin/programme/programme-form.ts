import type { Campaign, CampaignEffect, CampaignInput } from '#common/contract/programme';
import { ApiError } from '#web/lib/api-client';
import { isoDayToRu, ruDayToIso } from '../dates';
import { emptyGoodsForm, goodsFormOf, goodsInputOf, type GoodsForm } from './campaign-goods-form';

/*
 * The Programme screen's pure parts (docs/decisions/034): a campaign as its form holds it (strings, as inputs
 * give them) and back, the list's grouping by the brand's calendar day, and wall-clock times in the brand's zone.
 * The rules themselves are the server's (the contract's zod schema): the form only turns text into numbers.
 */

export type EffectKind = CampaignEffect['kind'];

export interface CampaignForm {
  title: string;
  description: string;
  /** The days as typed, dd.mm.yyyy whatever the browser's locale (decision 054); '' for no last day. */
  startsOn: string;
  endsOn: string;
  weekdays: number[];
  allDay: boolean;
  hoursFrom: string;
  hoursTo: string;
  pointIds: number[];
  minCheque: string;
  effectKind: EffectKind;
  effectValue: string;
  /** Conditions on goods (decision 062): all empty for the whole cheque. */
  goods: GoodsForm;
  priority: string;
  stacks: boolean;
  active: boolean;
}

/** `today`: the brand's calendar day, yyyy-mm-dd. */
export function emptyCampaignForm(today: string): CampaignForm {
  return {
    title: '',
    description: '',
    startsOn: isoDayToRu(today),
    endsOn: '',
    weekdays: [],
    allDay: true,
    hoursFrom: '10:00',
    hoursTo: '12:00',
    pointIds: [],
    minCheque: '0',
    effectKind: 'MULTIPLIER',
    effectValue: '2',
    goods: emptyGoodsForm(),
    priority: '0',
    stacks: false,
    active: true,
  };
}

const effectValue = (effect: CampaignEffect) =>
  effect.kind === 'MULTIPLIER'
    ? effect.factor
    : effect.kind === 'EXTRA_PERCENT'
      ? effect.percent
      : effect.bonuses;

export function campaignFormOf(c: Campaign): CampaignForm {
  return {
    title: c.title,
    description: c.description,
    startsOn: isoDayToRu(c.startsOn),
    endsOn: c.endsOn ? isoDayToRu(c.endsOn) : '',
    weekdays: [...c.weekdays].sort(),
    allDay: c.hours === null,
    hoursFrom: c.hours?.from ?? '10:00',
    hoursTo: c.hours?.to ?? '12:00',
    pointIds: [...c.pointIds],
    minCheque: String(c.minCheque),
    effectKind: c.effect.kind,
    effectValue: String(effectValue(c.effect)),
    goods: goodsFormOf(c.goods),
    priority: String(c.priority),
    stacks: c.stacks,
    active: c.active,
  };
}

/** A number as a person types it ('1 500,50' too); NaN when it is not one. */
export function parseNumber(text: string): number {
  const cleaned = text.replace(/[\s\u00a0]/g, '').replace(',', '.');
  return cleaned === '' ? Number.NaN : Number(cleaned);
}

function effectOf(kind: EffectKind, value: number): CampaignEffect {
  if (kind === 'MULTIPLIER') return { kind, factor: value };
  if (kind === 'EXTRA_PERCENT') return { kind, percent: value };
  return { kind, bonuses: value };
}

/** The contract's field path of the effect's value, as the server names it in `fields`. */
export const effectField = (kind: EffectKind) =>
  kind === 'MULTIPLIER' ? 'effect.factor' : kind === 'EXTRA_PERCENT' ? 'effect.percent' : 'effect.bonuses';

/**
 * The body the contract expects (the minimum cheque stays in roubles, as the contract takes it), or the fields
 * that are not numbers at all. Everything else is checked by the server's schema, which names each field.
 */
export function campaignInputOf(
  form: CampaignForm,
  notANumber: string,
): { input: CampaignInput; errors: null } | { input: null; errors: Record<string, string> } {
  const minCheque = form.minCheque.trim() === '' ? 0 : parseNumber(form.minCheque);
  const value = parseNumber(form.effectValue);
  const priority = form.priority.trim() === '' ? 0 : parseNumber(form.priority);
  const errors: Record<string, string> = {};
  if (Number.isNaN(minCheque)) errors.minCheque = notANumber;
  if (Number.isNaN(value)) errors[effectField(form.effectKind)] = notANumber;
  if (Number.isNaN(priority)) errors.priority = notANumber;
  const goods = goodsInputOf(form.goods, parseNumber, notANumber);
  Object.assign(errors, goods.errors);
  if (Object.keys(errors).length) return { input: null, errors };
  return {
    errors: null,
    input: {
      title: form.title,
      description: form.description,
      // A text that is no day goes as typed: the server's refusal names the field.
      startsOn: ruDayToIso(form.startsOn) ?? form.startsOn,
      endsOn: form.endsOn.trim() ? (ruDayToIso(form.endsOn) ?? form.endsOn) : null,
      weekdays: [...form.weekdays].sort(),
      hours: form.allDay ? null : { from: form.hoursFrom, to: form.hoursTo },
      pointIds: form.pointIds,
      minCheque,
      effect: effectOf(form.effectKind, value),
      goods: goods.goods,
      priority,
      stacks: form.stacks,
      active: form.active,
    },
  };
}

/** The server's per-field messages of a refused call (`fields` of a VALIDATION answer), else null. */
export function fieldErrorsOf(error: unknown): Record<string, string> | null {
  if (!(error instanceof ApiError) || error.code !== 'VALIDATION') return null;
  return error.body?.fields ?? null;
}

export type CampaignGroup = 'active' | 'upcoming' | 'past';

/** Where a campaign belongs on the brand's calendar day `today` ('YYYY-MM-DD' compare as text). */
export function campaignGroup(c: Pick<Campaign, 'startsOn' | 'endsOn'>, today: string): CampaignGroup {
  if (c.endsOn !== null && c.endsOn < today) return 'past';
  return c.startsOn > today ? 'upcoming' : 'active';
}

/** 'YYYY-MM-DDTHH:MM' of an instant on the wall clock of a time zone. */
export function wallClockIn(instant: Date, timeZone: string): string {
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat('en-CA', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
    })
      .formatToParts(instant)
      .map((p) => [p.type, p.value]),
  );
  return `${parts.year}-${parts.month}-${parts.day}T${parts.hour}:${parts.minute}`;
}
