import { Button, Group, Image } from '@mantine/core';
import { actionsColumn, dateColumn, textColumn, TwoLines } from '@/shared/components/columns';
import { IconPencil, IconPlus } from '@tabler/icons-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { blogImageUrl, type BlogSummary } from '@fleetdeck/contract';
import { contentPageQuerySchema } from '@fleetdeck/contract/staff';
import { DeleteDialog } from '@/shared/components/confirm-dialog';
import type { DataTableColumn } from '@/shared/components/data-table';
import { DeleteAction } from '@/shared/components/delete-action';
import { IconLink } from '@/shared/components/icon-action';
import { ListPage } from '@/shared/components/list-page';

import { useListQuery } from '@/shared/lib/list-search';
import { staffPaths } from '../../../app/paths';
import { useBlogs, useDeleteBlog } from '../api/blogs';

/** Spec 3 "admin-blog-list": the paged blog table with edit, a confirmed delete and Create Blog. */
export function BlogListPage() {
  const list = useListQuery(contentPageQuerySchema, useBlogs);
  const [deleting, setDeleting] = useState<BlogSummary | null>(null);
  const remove = useDeleteBlog({ onSettled: () => setDeleting(null) });

  const columns: DataTableColumn<BlogSummary>[] = [
    {
      key: 'title',
      header: 'Title',
      width: 260,
      render: (row) => (
        <Group gap="sm" wrap="nowrap">
          {row.image ? <Image src={blogImageUrl(row.image)} alt="" w={56} h={40} radius="sm" fit="cover" /> : null}
          <TwoLines main={row.title} detail={`${row.category} · ${row.author}`} />
        </Group>
      ),
    },
    textColumn('description', 'Description', 320, (row) => row.shortDescription, { lineClamp: 2 }),
    dateColumn('created_at'),
    actionsColumn(100, (row) => (
      <>
        <IconLink
          hint="Edit"
          icon={IconPencil}
          to={staffPaths.blogCreate.getHref(row._id)}
          label={`Edit blog ${row.title}`}
        />
        <DeleteAction label={`Delete blog ${row.title}`} onClick={() => setDeleting(row)} />
      </>
    )),
  ];

  return (
    <ListPage
      noun="blogs"
      {...list}
      columns={columns}
      header={
        <Group justify="flex-end">
          <Button component={Link} to={staffPaths.blogCreate.getHref()} leftSection={<IconPlus size={16} />}>
            Create Blog
          </Button>
        </Group>
      }
    >
      <DeleteDialog
        item={deleting}
        message="Blog will be removed from this list"
        loading={remove.isPending}
        onConfirm={(row) => remove.mutate(row._id)}
        onCancel={() => setDeleting(null)}
      />
    </ListPage>
  );
}
