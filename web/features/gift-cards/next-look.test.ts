import { describe, expect, it } from 'vitest';
import { nextLookIn, receiptLookIn } from './gift-card-api';

const NOW = Date.parse('2026-11-28T10:00:00Z');
const at = (minutes: number) => new Date(NOW + minutes * 60_000).toISOString();

describe('when the gift-card result page asks again about its SMS', () => {
  it('stops once every SMS has gone', () => {
    expect(nextLookIn([{ sentAt: at(-1), sendAt: at(-2) }], 3, NOW)).toBe(false);
  });

  it('looks every 10 s while an SMS is due, for ten minutes at most', () => {
    expect(nextLookIn([{ sentAt: null, sendAt: at(0) }], 0, NOW)).toBe(10_000);
    expect(nextLookIn([{ sentAt: null, sendAt: at(-5) }], 59, NOW)).toBe(10_000);
    expect(nextLookIn([{ sentAt: null, sendAt: at(-15) }], 60, NOW)).toBe(false);
  });

  it('waits for the sending date, looking at least every half hour, so a sent SMS never reads as coming', () => {
    expect(nextLookIn([{ sentAt: null, sendAt: at(5) }], 30, NOW)).toBe(5 * 60_000);
    expect(nextLookIn([{ sentAt: null, sendAt: at(120) }], 1, NOW)).toBe(30 * 60_000);
    expect(
      nextLookIn(
        [
          { sentAt: at(-1), sendAt: at(-2) },
          { sentAt: null, sendAt: at(3) },
        ],
        2,
        NOW,
      ),
    ).toBe(3 * 60_000);
  });
});

describe('when the gift-card result page asks again about its 54-FZ receipt', () => {
  it('looks every 10 s while it is queued or sent, ten minutes at most, and stops once issued or failed', () => {
    expect(receiptLookIn({ status: 'queued' }, 0)).toBe(10_000);
    expect(receiptLookIn({ status: 'sent' }, 59)).toBe(10_000);
    expect(receiptLookIn({ status: 'sent' }, 60)).toBe(false);
    expect(receiptLookIn({ status: 'done' }, 1)).toBe(false);
    expect(receiptLookIn({ status: 'failed' }, 1)).toBe(false);
    expect(receiptLookIn(undefined, 0)).toBe(false);
  });
});
