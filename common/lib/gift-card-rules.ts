/** Gift-card limits the form and the server share (the contract re-exports them; the web cannot import zod). */

/** The most recipients one order may have. */
export const MAX_RECIPIENTS = 50;
/** How far ahead a sending date may be set. */
export const MAX_SENDING_DAYS_AHEAD = 365;
