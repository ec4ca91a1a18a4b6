/**
 * The catalogue's closed lists (issue 29, decision 060), shared by the contract, the database's CHECKs and
 * the earn path.
 */

/**
 * Goods the programme never rewards and bonuses never pay for, whatever a campaign says. Tobacco and nicotine
 * products by law (15-FZ art. 16: no discounts or bonuses that stimulate their sale); alcohol and infant
 * formula by the rule most chains keep, held as hard as the law so a campaign cannot break it by mistake.
 */
export const LEGAL_GROUPS = ['TOBACCO', 'ALCOHOL', 'INFANT_FORMULA'] as const;
export type LegalGroup = (typeof LEGAL_GROUPS)[number];

/** VAT rates a line can carry (the fiscal issue maps them to FFD's tag 1199); NONE: not subject to VAT. */
export const VAT_RATES = ['NONE', 'VAT0', 'VAT5', 'VAT7', 'VAT10', 'VAT20', 'VAT22'] as const;
export type VatRate = (typeof VAT_RATES)[number];
