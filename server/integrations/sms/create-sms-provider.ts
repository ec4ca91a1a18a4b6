import type { Clock } from '#server/core/clock';
import type { Config } from '#server/config';
import { createConsoleSmsProvider } from './console-provider';
import type { SmsProvider } from './sms-provider';
import { createSmsRuProvider } from './smsru-provider';

/** The provider the configuration names (config has already refused console in production unless allowed). */
export function createSmsProvider(config: Config, clock: Clock, log: (line: string) => void): SmsProvider {
  if (config.smsProvider === 'smsru') {
    return createSmsRuProvider({ apiId: config.smsruApiId ?? '', baseUrl: config.smsruUrl });
  }
  return createConsoleSmsProvider({ clock, log });
}
