import { templateIdSchema, type Template } from '@fleetdeck/contract';
import { Alert, Button, Card, Group, Stack, Text } from '@mantine/core';
import { IconAlertCircle, IconArrowLeft, IconInfoCircle } from '@tabler/icons-react';
import { Link, useSearchParams } from 'react-router';
import { templateTabsOf } from '@/portal/components/settings/family-tabs';
import classes from '@/portal/components/settings/settings.module.css';
import { UrlTabs } from '@/portal/components/settings/url-tabs';
import { QueryView } from '@/shared/components/query-view';
import { useTemplate } from '../api/get-template';
import { useTemplateTarget } from '../api/use-template-target';
import { DeleteTemplateButton } from '../components/delete-template-button';
import { FamilyBadge } from '../components/family-badge';
import { TEMPLATES_PATH } from '../components/template-links';
import { TemplateNameForm } from '../components/template-name-form';
import { TemplateVersions } from '../components/template-versions';

function BackToTemplates() {
  return (
    <Button
      component={Link}
      to={TEMPLATES_PATH}
      variant="default"
      leftSection={<IconArrowLeft size={16} />}
      w="fit-content"
    >
      Back to Templates
    </Button>
  );
}

const groupsUsing = (n: number) => (n === 0 ? 'No group uses it' : n === 1 ? 'Used by 1 group' : `Used by ${n} groups`);

function TemplateView({ template }: { template: Template }) {
  const target = useTemplateTarget(template);
  const tabs = templateTabsOf(template.family);
  return (
    <Stack gap="md">
      <Group justify="space-between" gap="sm">
        <BackToTemplates />
        <DeleteTemplateButton template={template} />
      </Group>
      <Card padding="md" component="section" aria-label="Template">
        <Stack gap="sm">
          <TemplateNameForm template={template} />
          <Group gap="sm" wrap="wrap">
            <FamilyBadge family={template.family} />
            <Text size="sm" fw={600}>{`Version ${template.version}`}</Text>
            <Text size="sm" c="dimmed">
              {groupsUsing(template.groupCount)}
            </Text>
          </Group>
          <Text size="sm" c="dimmed">
            Every save of a setting below makes a new version; groups get it through a rollout.
          </Text>
        </Stack>
      </Card>
      <Card padding="md" className={classes.tabsCard}>
        {tabs.length > 0 ? (
          <UrlTabs tabs={tabs} subject={target} label="Template settings" />
        ) : (
          <Alert color="blue" variant="light" icon={<IconInfoCircle size={18} />}>
            <Text size="sm">This app has no settings a template can hold.</Text>
          </Alert>
        )}
      </Card>
      <TemplateVersions template={template} />
    </Stack>
  );
}

/** A policy template (`/template-detail?id=`): its name, its settings on the profile tabs, its versions, delete. */
export function TemplateDetailPage() {
  const [params] = useSearchParams();
  const id = templateIdSchema.safeParse(params.get('id') ?? '');
  if (!id.success) {
    return (
      <Stack gap="md">
        <Alert color="red" variant="light" icon={<IconAlertCircle size={18} />} title="No template chosen">
          <Text size="sm">This link does not name a template. Open one from the Templates list.</Text>
        </Alert>
        <BackToTemplates />
      </Stack>
    );
  }
  return <TemplateDetail key={id.data} id={id.data} />;
}

function TemplateDetail({ id }: { id: string }) {
  const detail = useTemplate(id);
  return (
    <QueryView query={detail} errorTitle="The template could not load">
      {(template) => <TemplateView template={template} />}
    </QueryView>
  );
}

export default TemplateDetailPage;
