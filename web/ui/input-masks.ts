import type { MaskitoOptions } from '@maskito/core';
import { useMaskito } from '@maskito/react';

const d = /\d/;

/**
 * The spec's phone mask `+7 (###) ###-##-##` as Maskito keeps it (docs/decisions/028): typed, deleted or pasted
 * in the middle, the caret stays where the person is. A pasted or autofilled whole number (`8 900 …`,
 * `+7 900 …`, 11 digits) loses its country digit first, so it is not read as the start of the local part.
 */
export const PHONE_MASK: MaskitoOptions = {
  mask: ['+', '7', ' ', '(', d, d, d, ')', ' ', d, d, d, '-', d, d, '-', d, d],
  preprocessors: [
    ({ elementState, data }, action) => {
      if (action !== 'insert') return { elementState, data };
      const digits = data.replace(/\D/g, '');
      return digits.length === 11 && /^[78]/.test(digits)
        ? { elementState: { value: '', selection: [0, 0] }, data: digits.slice(1) }
        : { elementState, data };
    },
  ],
};

/** The spec's date mask `##.##.####` (the birth date). */
export const DATE_MASK: MaskitoOptions = { mask: [d, d, '.', d, d, '.', d, d, d, d] };

export type InputMask = 'phone' | 'date';
const MASKS: Record<InputMask, MaskitoOptions> = { phone: PHONE_MASK, date: DATE_MASK };

/**
 * The ref that masks an input while it is typed in; nothing on the server (the ref runs in the browser only).
 * A masked input must listen to `onInput` too: Maskito sets the value itself, which React's `onChange` misses.
 */
export function useInputMask(mask: InputMask | undefined) {
  return useMaskito({ options: mask ? MASKS[mask] : null });
}
