import type { Config } from '#server/config';
import type { Clock } from '#server/core/clock';
import { createAtolProvider } from './atol-client';
import { startFakeAtol, type FakeAtol } from './fake-atol-server';
import { offlineFiscalProvider, type FiscalProvider } from './fiscal-provider';

/**
 * The cloud till the configuration names (FISCAL_PROVIDER): none (`offline`, the default: receipts wait), ATOL
 * Online, or the fake ATOL on 127.0.0.1 for the demo's `cloud` mode without credentials, started on first use.
 */
export function createFiscalProvider(config: Config, clock: Clock): FiscalProvider {
  if (config.fiscalProvider === 'atol') {
    return createAtolProvider({
      baseUrl: () => Promise.resolve(config.atolUrl),
      login: config.atolLogin ?? '',
      password: config.atolPassword ?? '',
      groupCode: config.atolGroupCode ?? '',
      clock,
    });
  }
  if (config.fiscalProvider === 'fake-atol') {
    let fake: Promise<FakeAtol> | null = null;
    return createAtolProvider({
      baseUrl: async () => (await (fake ??= startFakeAtol())).baseUrl,
      login: 'fake',
      password: 'fake',
      groupCode: 'demo-group',
      clock,
    });
  }
  return offlineFiscalProvider;
}
