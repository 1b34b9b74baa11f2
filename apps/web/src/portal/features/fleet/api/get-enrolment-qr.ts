import { fleetApi } from '@fleetdeck/contract';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useMemo } from 'react';
import { fetchFile } from '@/shared/lib/download-file';
import { fleetQueryKeys } from './query-keys';

/**
 * `GET groups/:id/enrolment-qr`: the PNG of the group's enrolment link, asked with the session (an `<img src>` could
 * not send it), as a Blob.
 */
export const getEnrolmentQr = async (id: string) =>
  (await fetchFile(fleetApi.groupEnrolmentQr, { params: { id }, accept: 'image/png' })).blob();

/** The QR as an object URL for an `<img>`, revoked when it changes or the page goes. */
export function useEnrolmentQr(id: string) {
  const query = useQuery({
    queryKey: fleetQueryKeys.enrolmentQr(id),
    queryFn: () => getEnrolmentQr(id),
    enabled: id !== '',
    staleTime: Infinity,
    meta: { silentError: true },
  });
  const blob = query.data;
  const url = useMemo(() => (blob ? URL.createObjectURL(blob) : null), [blob]);
  useEffect(() => (url ? () => URL.revokeObjectURL(url) : undefined), [url]);
  return { query, url };
}
