import { Alert, Loader } from '@mantine/core';
import { IconAlertCircle, IconCircleCheck } from '@tabler/icons-react';
import { useEffect, useRef } from 'react';
import { useSearchParams } from 'react-router';
import { errorMessage } from '@/shared/lib/api-client';
import { useVerifyEmail } from '../api/verify-email';

/**
 * Login opened from the verification email carries `iv` and `encryptedData`:
 * verify once, toast the answer, show it inline, and drop the one-time token from the address.
 */
export function EmailVerificationStatus() {
  const [params, setParams] = useSearchParams();
  const iv = params.get('iv');
  const encryptedData = params.get('encryptedData');
  const started = useRef(false);

  const verify = useVerifyEmail({
    onSettled: () => {
      setParams(
        (current) => {
          const next = new URLSearchParams(current);
          next.delete('iv');
          next.delete('encryptedData');
          return next;
        },
        { replace: true },
      );
    },
  });
  const { mutate } = verify;

  useEffect(() => {
    if (!iv || !encryptedData || started.current) return;
    started.current = true;
    mutate({ iv, encryptedData });
  }, [iv, encryptedData, mutate]);

  if (verify.isPending) {
    return (
      <Alert color="brand" variant="light" icon={<Loader size={16} />}>
        Verifying your email…
      </Alert>
    );
  }
  if (verify.isSuccess) {
    return (
      <Alert color="green" variant="light" icon={<IconCircleCheck size={18} />}>
        {verify.data.respones_msg}
      </Alert>
    );
  }
  if (verify.isError) {
    return (
      <Alert color="red" variant="light" icon={<IconAlertCircle size={18} />}>
        {errorMessage(verify.error)}
      </Alert>
    );
  }
  return null;
}
