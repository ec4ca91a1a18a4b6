import { checkLink, VALIDATION_MESSAGES } from '../lib/validation';
import * as z from './z';

/**
 * An address the site puts in an `href` or a frame's `src`: https:// or a path of the site (decision 050). Every
 * such field of the brand's settings and pages is one; `javascript:` there would run on a click.
 */
export const link = (max: number) =>
  z
    .string()
    .max(max)
    .refine((value) => checkLink(value) === null, VALIDATION_MESSAGES.link);
