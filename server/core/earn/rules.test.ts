import { describe, expect, it } from 'vitest';
import { effectText, evaluateEarn, type EarnCampaign, type EarnInput } from './rules';

const TZ = 'Europe/Moscow';
// Saturday 2026-11-28 12:00 in Moscow (09:00Z), and the Friday before.
const SATURDAY_NOON = new Date('2026-11-28T09:00:00Z');
const FRIDAY_NOON = new Date('2026-11-27T09:00:00Z');

const campaign = (over: Partial<EarnCampaign>): EarnCampaign => ({
  id: 'c1',
  title: 'Двойные бонусы по выходным',
  startsOn: '2026-01-01',
  endsOn: null,
  weekdays: [6, 7],
  hours: null,
  pointIds: [],
  minCheque: 0,
  effect: { kind: 'MULTIPLIER', factorHundredths: 200 },
  goods: null,
  priority: 0,
  stacks: false,
  ...over,
});

const input = (over: Partial<EarnInput>): EarnInput => ({
  cheque: 100_000,
  earnable: 100_000,
  pointId: 1,
  basePercent: 3,
  at: SATURDAY_NOON,
  timeZone: TZ,
  campaigns: [],
  ...over,
});

describe('evaluateEarn', () => {
  it("a level's higher percent replaces the point's, campaigns apply on top; a lower one changes nothing", () => {
    const silver = { title: 'Серебряный', earnPercent: 5 };
    expect(evaluateEarn(input({ level: silver, campaigns: [campaign({})] }))).toEqual({
      earn: 10_000,
      rules: [
        { kind: 'LEVEL', id: null, title: 'Уровень «Серебряный» 5%', percent: 5 },
        { kind: 'CAMPAIGN', id: 'c1', title: 'Двойные бонусы по выходным', effect: '×2' },
      ],
      rate: 1000,
    });
    expect(evaluateEarn(input({ level: { title: 'Базовый', earnPercent: 0 } }))).toEqual({
      earn: 3000,
      rules: [{ kind: 'BASE', id: null, title: 'Базовое начисление 3%', percent: 3, from: 'POINT' }],
      rate: 300,
    });
  });

  it("earns the point's rate and names it", () => {
    expect(evaluateEarn(input({}))).toEqual({
      earn: 3000,
      rules: [{ kind: 'BASE', id: null, title: 'Базовое начисление 3%', percent: 3, from: 'POINT' }],
      rate: 300,
    });
  });

  it('doubles on the weekend in the brand time zone, not on Friday', () => {
    const weekend = campaign({});
    expect(evaluateEarn(input({ campaigns: [weekend] })).earn).toBe(6000);
    expect(evaluateEarn(input({ campaigns: [weekend] })).rules.map((r) => r.kind)).toEqual([
      'BASE',
      'CAMPAIGN',
    ]);
    expect(evaluateEarn(input({ campaigns: [weekend], at: FRIDAY_NOON })).earn).toBe(3000);
    // 23:30 Friday UTC is 02:30 Saturday in Moscow.
    expect(evaluateEarn(input({ campaigns: [weekend], at: new Date('2026-11-27T23:30:00Z') })).earn).toBe(
      6000,
    );
  });

  it('keeps to its hours (an overnight window too), period, points and minimum cheque', () => {
    const happy = campaign({ weekdays: [], hours: { from: '10:00', to: '12:00' } });
    expect(evaluateEarn(input({ campaigns: [happy] })).earn).toBe(3000); // 12:00 is past the end
    expect(evaluateEarn(input({ campaigns: [happy], at: new Date('2026-11-28T08:59:00Z') })).earn).toBe(6000);
    const night = campaign({ weekdays: [], hours: { from: '22:00', to: '02:00' } });
    expect(evaluateEarn(input({ campaigns: [night], at: new Date('2026-11-27T22:30:00Z') })).earn).toBe(6000);
    expect(evaluateEarn(input({ campaigns: [night] })).earn).toBe(3000);
    expect(evaluateEarn(input({ campaigns: [campaign({ endsOn: '2026-11-27' })] })).earn).toBe(3000);
    expect(evaluateEarn(input({ campaigns: [campaign({ startsOn: '2026-11-29' })] })).earn).toBe(3000);
    expect(evaluateEarn(input({ campaigns: [campaign({ pointIds: [2] })] })).earn).toBe(3000);
    expect(evaluateEarn(input({ campaigns: [campaign({ pointIds: [2, 1] })] })).earn).toBe(6000);
    expect(evaluateEarn(input({ campaigns: [campaign({ minCheque: 100_001 })] })).earn).toBe(3000);
    expect(evaluateEarn(input({ campaigns: [campaign({ minCheque: 100_000 })] })).earn).toBe(6000);
  });

  it('applies the top non-stacking campaign alone, else every stacking one', () => {
    const extra = campaign({
      id: 'c2',
      title: '+2%',
      effect: { kind: 'EXTRA_PERCENT', percentHundredths: 200 },
      stacks: true,
      priority: 5,
    });
    const fixed = campaign({
      id: 'c3',
      title: '+50',
      effect: { kind: 'FIXED', kopecks: 5000 },
      stacks: true,
      priority: 1,
    });
    const exclusive = campaign({ id: 'c4', priority: 10 });
    // ×2 alone.
    expect(evaluateEarn(input({ campaigns: [extra, fixed, exclusive] })).earn).toBe(6000);
    // 3% + 2% of 1000 ₽ and 50 bonuses; the lower non-stacking one is skipped.
    const stacked = evaluateEarn(input({ campaigns: [extra, fixed, campaign({ id: 'c5', priority: 0 })] }));
    expect(stacked.earn).toBe(5000 + 5000);
    expect(stacked.rules.map((r) => r.title)).toEqual(['Базовое начисление 3%', '+2%', '+50']);
  });

  it('earns nothing (and names no rule) when nothing was paid in money', () => {
    expect(evaluateEarn(input({ earnable: 0, campaigns: [campaign({})] }))).toEqual({
      earn: 0,
      rules: [],
      rate: null,
    });
  });

  it('names the chain’s base rate apart from a point’s own, and each campaign’s effect (decision 055)', () => {
    const chain = evaluateEarn(input({ baseFrom: 'CHAIN', campaigns: [campaign({})] }));
    expect(chain.rules[0]).toMatchObject({ kind: 'BASE', percent: 3, from: 'CHAIN' });
    expect(chain.rate).toBe(600);
    expect(effectText({ kind: 'MULTIPLIER', factorHundredths: 150 })).toBe('×1,5');
    expect(effectText({ kind: 'EXTRA_PERCENT', percentHundredths: 200 })).toBe('+2%');
    expect(effectText({ kind: 'FIXED', kopecks: 5000 })).toBe('+50\u00a0бонусов');
  });
});
