import { staffApi } from '@fleetdeck/contract/staff';
import { client } from '@/shared/lib/api-client';

/** `price/country/lookup?countryCode`: the country's currency and its rate per 1 GBP (prefills the currency form). */
export const lookupCountry = (countryCode: string) => client(staffApi.countryLookup, { query: { countryCode } });
