import { useEffect } from 'react';
import { useNavigate } from 'react-router';
import { paths } from '@/config/paths';
import { onPaymentRequired } from '../api/profile-request';

/** Spec 2 §8: a profile call refused with `redirectToPaymentPage: 1` takes the customer to the plans page. */
export function usePaymentRedirect() {
  const navigate = useNavigate();
  useEffect(
    () =>
      onPaymentRequired(() => {
        void navigate(paths.portal.plans.getHref());
      }),
    [navigate],
  );
}
