import { Anchor, Button, Card, Group, TextInput } from '@mantine/core';
import { actionsColumn, dateColumn, textColumn } from '@/shared/components/columns';
import { IconPlus } from '@tabler/icons-react';
import { useState } from 'react';
import type { Video } from '@fleetdeck/contract';
import { contentPageQuerySchema, videoCreateRequestSchema } from '@fleetdeck/contract/staff';
import { DeleteDialog } from '@/shared/components/confirm-dialog';
import type { DataTableColumn } from '@/shared/components/data-table';
import { DeleteAction } from '@/shared/components/delete-action';
import { ListPage } from '@/shared/components/list-page';
import { useContractForm } from '@/shared/lib/form';

import { useListQuery } from '@/shared/lib/list-search';
import { useCreateVideo, useDeleteVideo, useVideos } from '../api/videos';

function AddVideoForm() {
  const form = useContractForm(
    videoCreateRequestSchema,
    { title: '', link: '' },
    { labels: { title: 'Title', link: 'Link' } },
  );
  const create = useCreateVideo({ onSuccess: () => form.reset(), onError: (e) => form.setServerErrors(e) });
  return (
    <Card withBorder radius="md" padding="md">
      <form onSubmit={form.submit((body) => create.mutate(body), create.isPending)} noValidate aria-label="Add a video">
        <Group align="flex-start" gap="sm" wrap="wrap">
          <TextInput
            label="Title"
            required
            maxLength={200}
            miw={220}
            style={{ flex: 1 }}
            {...form.getInputProps('title')}
          />
          <TextInput
            label="Link"
            required
            type="url"
            placeholder="https://www.youtube.com/watch?v=…"
            miw={260}
            style={{ flex: 2 }}
            {...form.getInputProps('link')}
          />
          <Button type="submit" mt={25} leftSection={<IconPlus size={16} />} loading={create.isPending}>
            Add
          </Button>
        </Group>
      </form>
    </Card>
  );
}

/** Spec 3 "Videos": the add form and the table with a confirmed delete. */
export function VideosPage() {
  const list = useListQuery(contentPageQuerySchema, useVideos);
  const [deleting, setDeleting] = useState<Video | null>(null);
  const remove = useDeleteVideo({ onSettled: () => setDeleting(null) });

  const columns: DataTableColumn<Video>[] = [
    textColumn('title', 'Title', 200, (row) => row.title, { fw: 600 }),
    {
      key: 'link',
      header: 'Link',
      width: 280,
      render: (row) => (
        <Anchor href={row.link} target="_blank" rel="noopener noreferrer" size="sm" style={{ wordBreak: 'break-all' }}>
          {row.link}
        </Anchor>
      ),
    },
    dateColumn('created_at'),
    actionsColumn(80, (row) => <DeleteAction label={`Delete video ${row.title}`} onClick={() => setDeleting(row)} />),
  ];

  return (
    <ListPage noun="videos" {...list} columns={columns} minWidth={760} header={<AddVideoForm />}>
      <DeleteDialog
        item={deleting}
        message={`The video "${deleting?.title ?? ''}" will be removed from the website.`}
        loading={remove.isPending}
        onConfirm={(row) => remove.mutate(row._id)}
        onCancel={() => setDeleting(null)}
      />
    </ListPage>
  );
}
