import type { BrandSettings } from '#common/contract/header';

/**
 * What the settings screen saves (PUT /api/operator/settings takes the whole document): the settings as the
 * server has them now, with only the fields the form changed. Sending the whole form as it was loaded would put
 * back what the Programme screen (bonuses, expiry, levels) or another person saved in the meantime.
 */
export const withEdits = (fresh: BrandSettings, edits: Partial<BrandSettings>): BrandSettings => ({
  ...fresh,
  ...edits,
});
