import type { Template } from '@fleetdeck/contract';
import { Alert, Button, Stack, Text } from '@mantine/core';
import { IconAlertCircle, IconTrash } from '@tabler/icons-react';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { ConfirmDialog } from '@/shared/components/confirm-dialog';
import { ApiError, errorMessage } from '@/shared/lib/api-client';
import { useDeleteTemplate } from '../api/delete-template';
import { TEMPLATES_PATH } from './template-links';
import { Allowed } from '@/portal/lib/permissions';

const versionsOf = (n: number) => (n === 1 ? '1 version' : `${n} versions`);

/** Why the server refused: in use (409) in the template's own words, anything else as the server said it. */
function refusal(error: unknown): string {
  if (error instanceof ApiError && error.status === 409) {
    return `This template is in use, so it was not deleted: ${error.message} Give its groups another template (or wait for its rollout to end), then delete it.`;
  }
  return errorMessage(error);
}

/** Delete, after a confirmation naming what goes (the template and its versions) and what stays (devices' settings). */
export function DeleteTemplateButton({ template }: { template: Template }) {
  const navigate = useNavigate();
  const [asking, setAsking] = useState(false);
  const remove = useDeleteTemplate({ onSuccess: () => void navigate(TEMPLATES_PATH) });
  const close = () => {
    setAsking(false);
    remove.reset();
  };
  return (
    <>
      <Allowed to="fleet.write">
        <Button variant="light" color="red" leftSection={<IconTrash size={16} />} onClick={() => setAsking(true)}>
          Delete template
        </Button>
      </Allowed>
      <ConfirmDialog
        opened={asking}
        title="Delete this template?"
        message={
          <Stack gap="sm">
            <Text size="sm">
              {`"${template.name}" and its ${versionsOf(template.versions.length)} will be deleted for good. Devices keep the settings they have now; no group or rollout can use it again.`}
            </Text>
            {template.groupCount > 0 ? (
              <Text size="sm">
                {`It is the template of ${template.groupCount === 1 ? '1 group' : `${template.groupCount} groups`}: a template in use cannot be deleted.`}
              </Text>
            ) : null}
            {remove.isError ? (
              <Alert color="red" variant="light" icon={<IconAlertCircle size={18} />} role="alert">
                <Text size="sm">{refusal(remove.error)}</Text>
              </Alert>
            ) : null}
          </Stack>
        }
        confirmLabel="Delete template"
        confirmColor="red"
        loading={remove.isPending}
        onConfirm={() => {
          if (!remove.isPending) remove.mutate(template._id);
        }}
        onCancel={close}
      />
    </>
  );
}
