import * as z from './z';
import { defineEndpoint } from './endpoint';

/**
 * One member of the fast payment system (SBP) as NSPK's public c2bmembers dictionary writes it. Extra fields
 * of the dictionary (web clients, flags) are dropped: the bank picker needs only these four.
 */
export const sbpBankSchema = z.object({
  bankName: z.string().min(1).max(200),
  /** NSPK's logo address; the site shows it only when the CSP allows its origin (decision 010). */
  logoURL: z
    .string()
    .max(500)
    .nullish()
    .transform((v) => v ?? null),
  /** The bank app's URL scheme, `bank` and the member's 12-digit id (e.g. `bank100000000111`). */
  schema: z.string().regex(/^bank\d{12}$/),
  /** The Android package for the intent link; NSPK leaves it out or empty for some banks. */
  package_name: z
    .string()
    .max(200)
    .nullish()
    .transform((v) => (v ? v : null)),
});
export type SbpBank = z.output<typeof sbpBankSchema>;

export const sbpBankDirectorySchema = z.object({
  version: z.string().max(50),
  dictionary: z.array(sbpBankSchema).min(1).max(2000),
});
export type SbpBankDirectory = z.output<typeof sbpBankDirectorySchema>;

export const getSbpBanks = defineEndpoint({
  method: 'GET',
  path: '/api/sbp/banks',
  summary: 'The SBP member banks for the bank picker (the configured directory, or the bundled list)',
  tag: 'payments',
  auth: 'public',
  errors: [],
  schemas: { response: sbpBankDirectorySchema },
});
