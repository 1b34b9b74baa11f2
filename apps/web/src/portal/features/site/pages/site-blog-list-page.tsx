import { Badge, Box, Card, Group, Image, Pagination, SimpleGrid, Skeleton, Stack, Text } from '@mantine/core';
import { blogImageUrl } from '@fleetdeck/contract';
import { Link, useSearchParams } from 'react-router';
import { LoadError } from '@/shared/components/load-error';
import { paths } from '@/portal/config/paths';
import { formatDate } from '@/shared/lib/format';
import { PUBLIC_BLOG_PAGE_SIZE, usePublicBlogs } from '../api/site';
import { SitePageHeading } from '../components/site-page-heading';

/** /blog (DECISIONS §9): the posts, newest first, 12 a page. */
export function SiteBlogListPage() {
  const [params, setParams] = useSearchParams();
  const page = Math.max(1, Number(params.get('page')) || 1);
  const blogs = usePublicBlogs(page);
  const totalPages = Math.max(1, Math.ceil((blogs.data?.pagination.total ?? 0) / PUBLIC_BLOG_PAGE_SIZE));
  return (
    <Stack gap="lg">
      <SitePageHeading title="Blog">Guides, news and tips for running Android fleets.</SitePageHeading>
      {blogs.isPending ? (
        <SimpleGrid cols={{ base: 1, sm: 2, md: 3 }} role="status" aria-busy="true" aria-label="Loading the blog">
          {[0, 1, 2].map((i) => (
            <Skeleton key={i} h={280} radius="md" />
          ))}
        </SimpleGrid>
      ) : blogs.isError ? (
        <LoadError
          title="The blog could not load"
          error={blogs.error}
          retrying={blogs.isFetching}
          onRetry={() => void blogs.refetch()}
        />
      ) : blogs.data.data.length === 0 ? (
        <Text c="dimmed">No posts yet.</Text>
      ) : (
        <SimpleGrid cols={{ base: 1, sm: 2, md: 3 }} spacing="lg">
          {blogs.data.data.map((post) => (
            <Card key={post._id} component="article" withBorder radius="md" padding="md">
              {/* The link holds the picture and the title only, so its name is what it shows (axe
                  label-content-name-mismatch); category, date and summary follow it. */}
              <Card.Section component={Link} to={paths.site.blogPost.getHref(post._id)} c="inherit" td="none">
                {post.image ? (
                  <Image src={blogImageUrl(post.image)} alt="" h={170} fit="cover" />
                ) : (
                  // A post without a picture gets a plain band, not a skeleton: a skeleton tells the reader (and
                  // assistive tech) that something is still loading.
                  <Box h={170} bg="var(--mantine-color-default-hover)" aria-hidden />
                )}
                <Text fw={700} px="md" pt="md" lineClamp={2}>
                  {post.title}
                </Text>
              </Card.Section>
              <Group gap={6} mt="xs">
                <Badge variant="light" size="sm">
                  {post.category}
                </Badge>
                <Text size="xs" c="dimmed">
                  {formatDate(post.created_at)}
                </Text>
              </Group>
              <Text size="sm" c="dimmed" mt={4} lineClamp={3}>
                {post.shortDescription}
              </Text>
            </Card>
          ))}
        </SimpleGrid>
      )}
      {totalPages > 1 ? (
        <Group justify="center">
          <Pagination
            total={totalPages}
            value={page}
            onChange={(n) => setParams(n > 1 ? { page: String(n) } : {})}
            aria-label="Blog pages"
          />
        </Group>
      ) : null}
    </Stack>
  );
}
