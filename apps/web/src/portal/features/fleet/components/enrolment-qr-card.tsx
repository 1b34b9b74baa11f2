import { Card, Center, Image, Skeleton, Text } from '@mantine/core';
import { QueryError } from '@/shared/components/query-view';
import { useEnrolmentQr } from '../api/get-enrolment-qr';

/** The group's enrolment QR (`GET groups/:id/enrolment-qr`, asked with the session): new devices join the group. */
export function EnrolmentQrCard({ groupId, groupName }: { groupId: string; groupName: string }) {
  const { query, url } = useEnrolmentQr(groupId);
  return (
    <Card withBorder padding="lg" radius="md">
      <Text fw={700}>Enrolment QR code</Text>
      <Text size="sm" c="dimmed" mt={4}>
        {`A new device that scans this code enrols into your account and joins ${groupName} with its template.`}
      </Text>
      <Center mt="md">
        {query.isError ? (
          <QueryError title="The QR code could not load" query={query} />
        ) : url ? (
          <Image
            src={url}
            alt={`Enrolment QR code of ${groupName}`}
            w={200}
            h={200}
            fit="contain"
            radius="md"
            style={{ border: '1px solid var(--mantine-color-gray-2)', background: 'white' }}
          />
        ) : (
          <Skeleton w={200} h={200} radius="md" />
        )}
      </Center>
    </Card>
  );
}
