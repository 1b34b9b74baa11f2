import { Center, Loader, Skeleton, Stack } from '@mantine/core';

/** Shown while a route's code loads on an auth page. */
export function PageLoader() {
  return (
    <Center mih={240} w="100%" aria-busy="true">
      <Loader type="dots" role="status" aria-label="Loading" />
    </Center>
  );
}

/** Shown while a portal page's code or data loads. */
export function ContentSkeleton() {
  return (
    <Stack gap="md" role="status" aria-busy="true" aria-label="Loading">
      <Skeleton h={28} w="40%" radius="md" />
      <Skeleton h={140} radius="lg" />
      <Skeleton h={220} radius="lg" />
    </Stack>
  );
}
