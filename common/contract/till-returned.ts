import * as z from './z';

/** Bonuses (roubles) the server computed, at most 2 decimals. */
const money = z.number();

/** What came back of a receipt's lines so far, in all its returns (decisions 063, 084): the till offers the rest. */
export const tillReturnedSchema = z.strictObject({
  /** Each line some of which came back: its number and the quantity returned so far. */
  lines: z.array(z.strictObject({ line: z.number().int(), quantity: z.number() })),
  bonusesTakenBack: money,
  bonusesGivenBack: money,
  /** Earned bonuses the customer no longer had, kept from the money refunded. */
  withheld: money,
  /** Roubles the bank confirmed back to the card (a card payment's; null for the other kinds). */
  refundedToCard: money.nullable(),
  /**
   * The return whose money the bank has not confirmed yet (a 503 answered it): repeat it with this key and these
   * lines to finish it, never refunding twice; a new return waits for it. Null when none.
   */
  pending: z
    .strictObject({
      idempotencyKey: z.string(),
      lines: z.array(z.strictObject({ line: z.number().int(), quantity: z.number() })),
    })
    .nullable(),
});
export type TillReturned = z.output<typeof tillReturnedSchema>;
