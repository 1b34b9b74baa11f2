import { OTP_DEFAULT_LENGTH } from '@fleetdeck/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { DEFAULT_PRODUCT_NAME } from '@/config/constants';
import { api } from './api-client';

/**
 * `GET /api/v1/config`: public settings of this installation.
 * Defined here until it moves into @fleetdeck/contract.
 */
export const appConfigSchema = z.object({
  productName: z.string().min(1),
  oldSystemLoginUrl: z.string().nullable(),
  otpLength: z.number().int().min(4).max(6),
});
export type AppConfig = z.infer<typeof appConfigSchema>;
export const appConfigResponseSchema = z.object({ respones_msg: z.string(), data: appConfigSchema });

export const getAppConfig = async (): Promise<AppConfig> =>
  (await api.get('/api/v1/config', appConfigResponseSchema)).data;

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

export const useOtpLength = (): number => useAppConfig().data?.otpLength ?? OTP_DEFAULT_LENGTH;
