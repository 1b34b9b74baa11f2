import { Anchor, Badge, Group, Image, Skeleton, Stack, Text, Title } from '@mantine/core';
import { IconArrowLeft } from '@tabler/icons-react';
import { blogImageUrl } from '@fleetdeck/contract';
import { Link, useParams } from 'react-router';
import { QueryError } from '@/shared/components/query-view';
import { HtmlContent } from '@/shared/components/rich-text/html-content';
import { paths } from '@/portal/config/paths';
import { ApiError } from '@/shared/lib/api-client';
import { formatDate } from '@/shared/lib/format';
import { usePageTitle } from '@/shared/lib/page-title';
import { usePublicBlog } from '../api/site';

/** /blog/<id> (DECISIONS §9): one post. */
export function SiteBlogPostPage() {
  const { id = '' } = useParams();
  const blog = usePublicBlog(id);
  usePageTitle(blog.data?.title ?? 'Blog');
  const back = (
    <Anchor component={Link} to={paths.site.blog.getHref()} size="sm">
      <Group gap={4}>
        <IconArrowLeft size={14} /> All posts
      </Group>
    </Anchor>
  );
  if (blog.isPending) {
    return (
      <Stack maw={820} mx="auto" role="status" aria-busy="true" aria-label="Loading the post">
        <Skeleton h={36} w="70%" />
        <Skeleton h={300} />
      </Stack>
    );
  }
  if (blog.isError) {
    const missing = blog.error instanceof ApiError && blog.error.status === 404;
    return (
      <Stack maw={820} mx="auto">
        {back}
        {missing ? (
          <Text>This post does not exist or was removed.</Text>
        ) : (
          <QueryError title="The post could not load" query={blog} />
        )}
      </Stack>
    );
  }
  const post = blog.data;
  return (
    <Stack component="article" gap="md" maw={820} mx="auto">
      {back}
      <Group gap={6}>
        <Badge variant="light">{post.category}</Badge>
        <Text size="sm" c="dimmed">
          {formatDate(post.created_at)} · {post.author}
        </Text>
      </Group>
      <Title order={1} fz={{ base: 26, sm: 34 }}>
        {post.title}
      </Title>
      <Text c="dimmed" size="lg">
        {post.shortDescription}
      </Text>
      {post.image ? <Image src={blogImageUrl(post.image)} alt="" radius="md" mah={460} fit="cover" /> : null}
      <HtmlContent html={post.longDescription} />
      {post.tags.length > 0 ? (
        <Group gap={6}>
          {post.tags.map((tag) => (
            <Badge key={tag} variant="outline" color="gray" size="sm">
              {tag}
            </Badge>
          ))}
        </Group>
      ) : null}
    </Stack>
  );
}
