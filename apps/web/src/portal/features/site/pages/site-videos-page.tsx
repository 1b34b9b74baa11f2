import { AspectRatio, Anchor, Card, SimpleGrid, Skeleton, Stack, Text } from '@mantine/core';
import { IconExternalLink } from '@tabler/icons-react';
import { videoEmbedUrl } from '@fleetdeck/contract';
import { QueryError } from '@/shared/components/query-view';
import { usePublicVideos } from '../api/site';
import { SitePageHeading } from '../components/site-page-heading';

/**
 * /videos (DECISIONS §9): YouTube and Vimeo links play embedded from their privacy-respecting hosts
 * (youtube-nocookie.com, Vimeo with do-not-track), other links open on their own site.
 */
export function SiteVideosPage() {
  const videos = usePublicVideos();
  return (
    <Stack gap="lg">
      <SitePageHeading title="Videos">See the console and the apps at work.</SitePageHeading>
      {videos.isPending ? (
        <SimpleGrid cols={{ base: 1, sm: 2 }} role="status" aria-busy="true" aria-label="Loading the videos">
          {[0, 1].map((i) => (
            <Skeleton key={i} h={260} radius="md" />
          ))}
        </SimpleGrid>
      ) : videos.isError ? (
        <QueryError title="The videos could not load" query={videos} />
      ) : videos.data.length === 0 ? (
        <Text c="dimmed">No videos yet.</Text>
      ) : (
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="lg">
          {videos.data.map((video) => {
            const embed = videoEmbedUrl(video.link);
            return (
              <Card key={video._id} withBorder radius="md" padding="md">
                {embed ? (
                  <Card.Section>
                    <AspectRatio ratio={16 / 9}>
                      <iframe
                        src={embed}
                        title={video.title}
                        loading="lazy"
                        referrerPolicy="strict-origin-when-cross-origin"
                        allow="encrypted-media; picture-in-picture; fullscreen"
                        allowFullScreen
                        style={{ border: 0 }}
                      />
                    </AspectRatio>
                  </Card.Section>
                ) : null}
                <Text fw={700} mt={embed ? 'md' : 0}>
                  {video.title}
                </Text>
                {embed ? null : (
                  <Anchor href={video.link} target="_blank" rel="noopener noreferrer nofollow" size="sm" mt={4}>
                    Watch the video <IconExternalLink size={12} />
                  </Anchor>
                )}
              </Card>
            );
          })}
        </SimpleGrid>
      )}
    </Stack>
  );
}
