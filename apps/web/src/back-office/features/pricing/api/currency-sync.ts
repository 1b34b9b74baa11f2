import { staffApi } from '@fleetdeck/contract/staff';
import type { MutationConfig } from '@/shared/lib/query-client';
import { client } from '@/shared/lib/api-client';
import { useInvalidatingMutation } from '@/shared/lib/invalidating';
import { CURRENCIES_KEY } from './currency-rules';

/** `price/currency/sync`: every rule takes its rate from the bundled table or `FX_RATES_URL`; answers a summary. */
export const syncCurrencyRates = () => client(staffApi.currencySync, {});

export const useSyncCurrencyRates = (config: MutationConfig<typeof syncCurrencyRates> = {}) =>
  useInvalidatingMutation(CURRENCIES_KEY, syncCurrencyRates, config);
