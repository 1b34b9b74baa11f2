import { ROLLOUT_STATES, rolloutListQuerySchema, type Rollout } from '@fleetdeck/contract';
import { Anchor, Stack } from '@mantine/core';
import { Link } from 'react-router';
import { paths } from '@/portal/config/paths';
import { dateColumn, statusColumn, textColumn } from '@/shared/components/columns';
import type { DataTableColumn } from '@/shared/components/data-table';
import { allSelect, ListPage } from '@/shared/components/list-page';
import { useListQuery } from '@/shared/lib/list-search';
import { statusChoices } from '@/shared/lib/status';
import { useRollouts } from '../api/get-rollouts';
import { CountsBar, countsText, ROLLOUT_STATE_LABELS } from '../components/rollout-status';

const STATE_CHOICES = statusChoices(ROLLOUT_STATES, ROLLOUT_STATE_LABELS);

/** `/rollouts`: every staged rollout (template version, group, state, progress), newest first. */
export function RolloutsPage() {
  const list = useListQuery(rolloutListQuerySchema, useRollouts);
  const columns: DataTableColumn<Rollout>[] = [
    {
      key: 'template',
      header: 'Template',
      width: 220,
      render: (r) => (
        <Anchor component={Link} to={paths.portal.rolloutDetail.getHref(r._id)} fw={600} size="sm">
          {`${r.templateName}, version ${r.version}`}
        </Anchor>
      ),
    },
    textColumn('group', 'Group', 160, (r) => r.groupName ?? 'Chosen devices'),
    statusColumn<Rollout>('state', 'State', 120, (r) => ROLLOUT_STATE_LABELS[r.state]),
    {
      key: 'progress',
      header: 'Progress',
      width: 240,
      render: (r) => (
        <Stack gap={4}>
          <CountsBar counts={r.counts} size={r.total} label={`Progress of ${r.templateName}`} />
          <span style={{ fontSize: 'var(--mantine-font-size-xs)' }}>{countsText(r.counts)}</span>
        </Stack>
      ),
    },
    dateColumn<Rollout>('created_at', 'Started On'),
  ];
  return (
    <ListPage noun="rollouts" {...list} columns={columns} filters={[allSelect('state', 'State', STATE_CHOICES, 160)]} />
  );
}
