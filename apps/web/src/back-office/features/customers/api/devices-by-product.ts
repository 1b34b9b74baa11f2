import { staffApi } from '@fleetdeck/contract/staff';
import { useQuery } from '@tanstack/react-query';
import { client } from '@/shared/lib/api-client';
import { customerDevicesKey } from './keys';

/** `payments/deviceByProduct`: the customer's enrolled devices of a product's family. */
export const useDevicesByProduct = (customerId: string, productIdentifier: string, enabled = true) =>
  useQuery({
    queryKey: customerDevicesKey(customerId, productIdentifier),
    queryFn: ({ signal }) => client(staffApi.deviceByProduct, { query: { customerId, productIdentifier }, signal }),
    enabled: enabled && customerId !== '' && productIdentifier !== '',
  });
