import { Badge, Card, Group, Image, Pagination, SimpleGrid, Skeleton, Stack, Text } from '@mantine/core';
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
        <SimpleGrid cols={{ base: 1, sm: 2, md: 3 }} aria-busy="true" aria-label="Loading the blog">
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
            <Card
              key={post._id}
              component={Link}
              to={paths.site.blogPost.getHref(post._id)}
              withBorder
              radius="md"
              padding="md"
              aria-label={post.title}
            >
              <Card.Section>
                {post.image ? (
                  <Image src={blogImageUrl(post.image)} alt="" h={170} fit="cover" />
                ) : (
                  <Skeleton h={170} animate={false} />
                )}
              </Card.Section>
              <Group gap={6} mt="md">
                <Badge variant="light" size="sm">
                  {post.category}
                </Badge>
                <Text size="xs" c="dimmed">
                  {formatDate(post.created_at)}
                </Text>
              </Group>
              <Text fw={700} mt="xs" lineClamp={2}>
                {post.title}
              </Text>
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
