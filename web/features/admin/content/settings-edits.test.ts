import { describe, expect, it } from 'vitest';
import type { BrandSettings } from '#common/contract/header';
import { withEdits } from './settings-edits';

describe("the settings screen's save", () => {
  it('keeps what was saved elsewhere meanwhile and changes only the fields the form changed', () => {
    const loaded = {
      title: 'Копилка',
      colorPrimary: '#111111',
      welcomeBonus: 100,
    } as unknown as BrandSettings;
    // Meanwhile the Programme screen raised the welcome bonus.
    const fresh = { ...loaded, welcomeBonus: 500 } as BrandSettings;
    expect(withEdits(fresh, { colorPrimary: '#222222' })).toEqual({
      title: 'Копилка',
      colorPrimary: '#222222',
      welcomeBonus: 500,
    });
  });
});
