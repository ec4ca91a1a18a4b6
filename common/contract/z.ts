import { config, locales, string as zodString } from 'zod';
import { checkWellFormed, VALIDATION_MESSAGES } from '../lib/validation';

/*
 * zod as the contract declares with it: every `z.string()` of common/contract comes from here and refuses a lone
 * UTF-16 surrogate ("\ud800" in JSON) with a 400, before any rule or the database sees it (decision 050). The
 * contract's modules import `* as z from './z'`; a value import of 'zod' there is a lint error
 * (eslint.config.js), and server/test/contract-strings.test.ts walks every endpoint's schemas for a string
 * that would still take one.
 */
export * from 'zod';

// A rule that names no message of its own («не больше 30») still speaks Russian to the operator and the client:
// zod's own Russian texts, for every schema in the process (the setting is zod's, global).
config(locales.ru());

export function string(params?: Parameters<typeof zodString>[0]) {
  return zodString(params).refine((value) => checkWellFormed(value) === null, {
    message: VALIDATION_MESSAGES.characters,
  });
}
