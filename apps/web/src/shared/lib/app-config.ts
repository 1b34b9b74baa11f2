import { OTP_DEFAULT_LENGTH, healthApi, type AppConfig } from '@fleetdeck/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { DEFAULT_PRODUCT_NAME } from '@/shared/config/constants';
import { client } from './api-client';

export type { AppConfig };

/** `GET config`: public settings of this installation. */
export const getAppConfig = async (): Promise<AppConfig> => (await client(healthApi.config)).data;

export const appConfigQueryOptions = () =>
  queryOptions({
    queryKey: ['app-config'],
    queryFn: getAppConfig,
    staleTime: Infinity,
    gcTime: Infinity,
    meta: { silentError: true },
  });

export const useAppConfig = () => useQuery(appConfigQueryOptions());

/** The white-label product name (`{product}` in the spec), "Fleetdeck" until the config answers. */
export const useProductName = (): string => useAppConfig().data?.productName ?? DEFAULT_PRODUCT_NAME;

/** The privacy policy and terms pages (`PRIVACY_URL`, `TERMS_URL`): null while unset or unknown, and then no link. */
export const useLegalUrls = (): { privacyUrl: string | null; termsUrl: string | null } => {
  const config = useAppConfig().data;
  return { privacyUrl: config?.privacyUrl ?? null, termsUrl: config?.termsUrl ?? null };
};

export const useOtpLength = (): number => useAppConfig().data?.otpLength ?? OTP_DEFAULT_LENGTH;
