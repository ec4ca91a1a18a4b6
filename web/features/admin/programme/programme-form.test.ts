import { describe, expect, it } from 'vitest';
import type { Campaign } from '#common/contract/programme';
import { ruDateTimeToIso } from '../dates';
import {
  campaignFormOf,
  campaignGroup,
  campaignInputOf,
  emptyCampaignForm,
  parseNumber,
  wallClockIn,
} from './programme-form';

const campaign: Campaign = {
  id: 'c1',
  title: 'Счастливые часы',
  description: '',
  startsOn: '2026-11-01',
  endsOn: '2026-11-30',
  weekdays: [7, 6],
  hours: { from: '22:00', to: '02:00' },
  pointIds: [2, 4],
  minCheque: 1500.5,
  effect: { kind: 'EXTRA_PERCENT', percent: 2.5 },
  goods: {
    categories: ['BAKERY', 'COFFEE'],
    skus: [],
    excludeCategories: [],
    excludeSkus: ['SKU-9'],
    minQuantity: 1.5,
    minSum: 300,
  },
  priority: 3,
  stacks: true,
  active: false,
};

describe("the Programme screen's campaign form", () => {
  it('reads a campaign into the form and back into the same contract body', () => {
    const { input } = campaignInputOf(campaignFormOf(campaign), 'x');
    const { id: _id, ...body } = campaign;
    expect(input).toEqual({ ...body, weekdays: [6, 7] });
  });

  it('sends the minimum cheque in roubles as typed, null hours for all day, null end when empty', () => {
    const form = { ...emptyCampaignForm('2026-11-25'), title: 'A', minCheque: '1 500,50', effectValue: '3' };
    expect(campaignInputOf(form, 'x').input).toMatchObject({
      startsOn: '2026-11-25',
      endsOn: null,
      hours: null,
      minCheque: 1500.5,
      effect: { kind: 'MULTIPLIER', factor: 3 },
    });
  });

  it('names the fields that are not numbers, under the paths the server uses', () => {
    const form = {
      ...emptyCampaignForm('2026-11-25'),
      effectKind: 'FIXED' as const,
      effectValue: 'abc',
      priority: '',
    };
    expect(campaignInputOf({ ...form, minCheque: '1..' }, 'Введите число').errors).toEqual({
      minCheque: 'Введите число',
      'effect.bonuses': 'Введите число',
    });
    expect(parseNumber('')).toBeNaN();
  });

  it('sends no goods conditions when their fields are empty, and the codes as a list when typed', () => {
    const form = emptyCampaignForm('2026-11-25');
    expect(campaignInputOf(form, 'x').input?.goods).toBeNull();
    const typed = { ...form.goods, categories: ' BAKERY,\nCOFFEE ; ', minSum: '1 000,5' };
    expect(campaignInputOf({ ...form, goods: typed }, 'x').input?.goods).toEqual({
      categories: ['BAKERY', 'COFFEE'],
      skus: [],
      excludeCategories: [],
      excludeSkus: [],
      minQuantity: 0,
      minSum: 1000.5,
    });
    expect(
      campaignInputOf({ ...form, goods: { ...typed, minQuantity: 'два' } }, 'Введите число').errors,
    ).toEqual({
      'goods.minQuantity': 'Введите число',
    });
  });

  it('groups by the calendar day: running, coming, over (the last day still running)', () => {
    expect(campaignGroup(campaign, '2026-11-30')).toBe('active');
    expect(campaignGroup(campaign, '2026-12-01')).toBe('past');
    expect(campaignGroup(campaign, '2026-10-31')).toBe('upcoming');
    expect(campaignGroup({ startsOn: '2026-01-01', endsOn: null }, '2030-01-01')).toBe('active');
  });

  it("reads and writes wall-clock times in the brand's zone, not the browser's", () => {
    expect(ruDateTimeToIso('28.11.2026 12:00', 'Europe/Moscow')).toBe('2026-11-28T09:00:00.000Z');
    expect(wallClockIn(new Date('2026-11-28T09:00:00Z'), 'Asia/Yekaterinburg')).toBe('2026-11-28T14:00');
    // Across a change of offset (Berlin's summer time starts on 29.03.2026 at 02:00).
    expect(ruDateTimeToIso('29.03.2026 12:00', 'Europe/Berlin')).toBe('2026-03-29T10:00:00.000Z');
  });

  it('shows the days as dd.mm.yyyy and sends them as yyyy-mm-dd; a text that is no day goes as typed', () => {
    expect(campaignFormOf(campaign)).toMatchObject({ startsOn: '01.11.2026', endsOn: '30.11.2026' });
    const form = { ...emptyCampaignForm('2026-11-25'), title: 'A', effectValue: '3' };
    expect(form.startsOn).toBe('25.11.2026');
    expect(campaignInputOf({ ...form, endsOn: '1.12.2026' }, 'x').input).toMatchObject({
      startsOn: '2026-11-25',
      endsOn: '2026-12-01',
    });
    expect(campaignInputOf({ ...form, startsOn: '31.02.2026' }, 'x').input).toMatchObject({
      startsOn: '31.02.2026',
    });
  });
});
