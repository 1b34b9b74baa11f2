import { staffApi } from '@fleetdeck/contract/staff';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { client } from '@/shared/lib/api-client';
import { PAYMENT_LISTS_KEY } from '@/back-office/api/payment-lists-key';

export const countWhatsappRedirect = (customerId: string) =>
  client(staffApi.updateWhatsappCount, { body: { id: customerId } });

/** Counts a WhatsApp follow-up when its link is opened (no toast: the link opens WhatsApp itself). */
export const useCountWhatsappRedirect = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: countWhatsappRedirect,
    meta: { silentSuccess: true },
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: PAYMENT_LISTS_KEY }),
  });
};
