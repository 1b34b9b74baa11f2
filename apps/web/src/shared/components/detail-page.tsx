import { Anchor, Card, Group, Stack, Text } from '@mantine/core';
import { IconArrowLeft } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { Link, useSearchParams } from 'react-router';
import { QueryView, type ViewedQuery } from './query-view';

/** What DetailPage needs of the contract's id schema (`rolloutIdSchema`, `commandIdParamsSchema.shape.id`). */
interface IdSchema {
  safeParse: (value: unknown) => { success: true; data: string } | { success: false };
}

/**
 * The page of one record named by `?id=` (a command, a rollout, a group): the link back to its list, the id checked
 * by the contract's schema (a link without one says where to choose one), the record's query in its three states
 * (`QueryView`), then the page. `useRecord` is the record's query hook (called once, with '' for no id: disabled).
 *
 * ```tsx
 * <DetailPage back={{ to: paths.portal.rollouts.getHref(), label: 'Rollouts' }} idSchema={rolloutIdSchema}
 *   useRecord={useRollout} noun="rollout">{(r) => <RolloutView rollout={r} />}</DetailPage>
 * ```
 */
export function DetailPage<D>({
  back,
  idSchema,
  useRecord,
  noun,
  children,
}: {
  back: { to: string; label: string };
  idSchema: IdSchema;
  useRecord: (id: string) => ViewedQuery<D>;
  /** The record in words: "The rollout could not load", "Choose a rollout from the Rollouts page." */
  noun: string;
  children: (record: D) => ReactNode;
}) {
  const [params] = useSearchParams();
  const id = idSchema.safeParse(params.get('id') ?? '');
  const record = useRecord(id.success ? id.data : '');
  return (
    <Stack gap="md">
      <Anchor component={Link} to={back.to} size="sm">
        <Group gap={4}>
          <IconArrowLeft size={14} />
          {back.label}
        </Group>
      </Anchor>
      {id.success ? (
        <QueryView query={record} errorTitle={`The ${noun} could not load`}>
          {children}
        </QueryView>
      ) : (
        <Text c="dimmed">{`Choose a ${noun} from the ${back.label} page.`}</Text>
      )}
    </Stack>
  );
}

/**
 * The card at the top of a detail page: the title with its badges, lines about the record (counts, target, who and
 * when), its actions on the right (under the text on a phone), and what spans the card below (an alert, stages).
 */
export function DetailSummary({
  title,
  badges,
  actions,
  below,
  children,
}: {
  title: ReactNode;
  badges?: ReactNode;
  actions?: ReactNode;
  below?: ReactNode;
  children: ReactNode;
}) {
  return (
    <Card withBorder padding="lg" radius="md">
      <Stack gap="md">
        <Group justify="space-between" align="flex-start" gap="md">
          <Stack gap={6} style={{ minWidth: 0, flex: '1 1 260px' }}>
            <Group gap="xs">
              <Text fw={700} size="lg">
                {title}
              </Text>
              {badges}
            </Group>
            {children}
          </Stack>
          {actions}
        </Group>
        {below}
      </Stack>
    </Card>
  );
}
