import { describe, expect, it } from 'vitest';
import { demoCampaignEnd } from './demo-brand';

describe('the demo campaign’s end as of the seeding day', () => {
  it('keeps the file’s end while two weeks or more are left', () => {
    expect(demoCampaignEnd('2026-12-31', '2026-11-01')).toBe('2026-12-31');
    expect(demoCampaignEnd('2026-12-31', '2026-12-17')).toBe('2026-12-31');
  });

  it('runs a year longer when less than two weeks are left or it has ended, as many years as needed', () => {
    expect(demoCampaignEnd('2026-12-31', '2026-12-18')).toBe('2027-12-31');
    expect(demoCampaignEnd('2026-12-31', '2027-03-05')).toBe('2027-12-31');
    expect(demoCampaignEnd('2026-12-31', '2029-12-25')).toBe('2030-12-31');
  });

  it('leaves an open-ended campaign open', () => {
    expect(demoCampaignEnd(null, '2030-01-01')).toBeNull();
    expect(demoCampaignEnd(undefined, '2030-01-01')).toBeNull();
  });
});
