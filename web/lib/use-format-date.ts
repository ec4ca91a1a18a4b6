import { useCallback } from 'react';
import { formatDate } from '#common/lib/format';
import { useSettings } from './settings';

/** dd.mm.yyyy in the brand's time zone (the `timeZone` setting): the same on the server and in the browser. */
export function useFormatDate(): (when: string) => string {
  const { timeZone } = useSettings();
  return useCallback((when: string) => formatDate(when, timeZone), [timeZone]);
}
