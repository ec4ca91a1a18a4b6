import { describe, expect, it } from 'vitest';
import { marketingRulesSchema } from '#common/contract/header';
import { isQuietMinute, mayAdvertise } from './may-advertise';

const ALL = { consents: { sms: true, email: true, push: true } };
const rules = marketingRulesSchema.parse({});
const moscow = { timeZone: 'Europe/Moscow', marketing: rules };
const vladivostok = { timeZone: 'Asia/Vladivostok', marketing: rules };
const at = (iso: string) => new Date(iso);

describe('mayAdvertise', () => {
  it('refuses a channel without current consent, whatever the hour', () => {
    const member = { consents: { sms: false, email: true, push: false } };
    const noon = at('2026-11-29T09:00:00Z'); // 12:00 in Moscow
    expect(mayAdvertise(member, 'sms', noon, moscow, [])).toEqual({ allowed: false, reason: 'no-consent' });
    expect(mayAdvertise(member, 'push', noon, moscow, [])).toEqual({ allowed: false, reason: 'no-consent' });
    expect(mayAdvertise(member, 'email', noon, moscow, [])).toEqual({ allowed: true });
  });

  it('keeps the quiet hours 21:00-09:00 in Moscow at their edges (UTC+3)', () => {
    const verdict = (iso: string) => mayAdvertise(ALL, 'sms', at(iso), moscow, []);
    expect(verdict('2026-11-29T17:59:59Z')).toEqual({ allowed: true }); // 20:59:59
    expect(verdict('2026-11-29T18:00:00Z')).toEqual({ allowed: false, reason: 'quiet-hours' }); // 21:00
    expect(verdict('2026-11-29T23:30:00Z')).toEqual({ allowed: false, reason: 'quiet-hours' }); // 02:30
    expect(verdict('2026-11-30T05:59:00Z')).toEqual({ allowed: false, reason: 'quiet-hours' }); // 08:59
    expect(verdict('2026-11-30T06:00:00Z')).toEqual({ allowed: true }); // 09:00
    // The same moment is quiet for push too, but an e-mail wakes nobody.
    expect(mayAdvertise(ALL, 'push', at('2026-11-29T18:00:00Z'), moscow, [])).toMatchObject({
      allowed: false,
    });
    expect(mayAdvertise(ALL, 'email', at('2026-11-29T18:00:00Z'), moscow, [])).toEqual({ allowed: true });
  });

  it('reads the hours in the brand zone: Vladivostok (UTC+10) is quiet while Moscow is not', () => {
    const verdict = (iso: string) => mayAdvertise(ALL, 'push', at(iso), vladivostok, []);
    expect(verdict('2026-11-29T10:59:00Z')).toEqual({ allowed: true }); // 20:59 there, 13:59 in Moscow
    expect(verdict('2026-11-29T11:00:00Z')).toEqual({ allowed: false, reason: 'quiet-hours' }); // 21:00
    expect(verdict('2026-11-29T22:59:00Z')).toEqual({ allowed: false, reason: 'quiet-hours' }); // 08:59
    expect(verdict('2026-11-29T23:00:00Z')).toEqual({ allowed: true }); // 09:00
    expect(mayAdvertise(ALL, 'push', at('2026-11-29T11:00:00Z'), moscow, [])).toEqual({ allowed: true });
  });

  it('keeps quiet hours that do not cross midnight (13:00-15:00)', () => {
    expect(isQuietMinute(12 * 60 + 59, '13:00', '15:00')).toBe(false);
    expect(isQuietMinute(13 * 60, '13:00', '15:00')).toBe(true);
    expect(isQuietMinute(14 * 60 + 59, '13:00', '15:00')).toBe(true);
    expect(isQuietMinute(15 * 60, '13:00', '15:00')).toBe(false);
  });

  it('caps advertising at N messages in any window of days, over all channels', () => {
    const now = at('2026-11-29T09:00:00Z');
    const daysAgo = (d: number, ms = 0) => new Date(now.getTime() - d * 86_400_000 + ms);
    const two = [daysAgo(1), daysAgo(3)];
    expect(mayAdvertise(ALL, 'email', now, moscow, two)).toEqual({ allowed: true });
    // The third in the window is the cap (3 per 7 days by default).
    expect(mayAdvertise(ALL, 'email', now, moscow, [...two, daysAgo(6)])).toEqual({
      allowed: false,
      reason: 'frequency-cap',
    });
    // A send exactly 7 days ago has left the window; one a millisecond later has not.
    expect(mayAdvertise(ALL, 'email', now, moscow, [...two, daysAgo(7)])).toEqual({ allowed: true });
    expect(mayAdvertise(ALL, 'email', now, moscow, [...two, daysAgo(7, 1)])).toMatchObject({
      allowed: false,
    });
    const one = { ...moscow, marketing: { ...rules, frequencyCap: 1, frequencyDays: 1 } };
    expect(mayAdvertise(ALL, 'sms', now, one, [daysAgo(1)])).toEqual({ allowed: true });
    expect(mayAdvertise(ALL, 'sms', now, one, [daysAgo(1, 1)])).toMatchObject({ reason: 'frequency-cap' });
  });

  it('validates the settings: times as HH:MM, distinct edges, the cap and days in range', () => {
    expect(rules).toEqual({ quietFrom: '21:00', quietTo: '09:00', frequencyCap: 3, frequencyDays: 7 });
    for (const bad of [
      { quietFrom: '24:00' },
      { quietTo: '9:00' },
      { quietFrom: '10:00', quietTo: '10:00' },
      { frequencyCap: 0 },
      { frequencyCap: 2.5 },
      { frequencyDays: 91 },
      { extra: 1 },
    ]) {
      expect(marketingRulesSchema.safeParse(bad).success, JSON.stringify(bad)).toBe(false);
    }
  });
});
