import { CHAT_USER_ID_MAX, chatUserCreateRequestSchema, PASSWORD_MAX, PASSWORD_MIN } from '@fleetdeck/contract';
import { Button, Card, Checkbox, Group, PasswordInput, Stack, Text, TextInput } from '@mantine/core';
import { Link, useNavigate } from 'react-router';
import { paths } from '@/portal/config/paths';
import { useContractForm } from '@/shared/lib/form';
import { useCreateChatUser } from '../api/create-chat-user';

const LABELS = {
  name: 'Name',
  user_id: 'User ID',
  password: 'Password',
  addToGlobalPull: 'Add to global pool',
};

export function PowerChatUserCreatePage() {
  const navigate = useNavigate();
  // The contract's checks run in the browser: "Name is required" under its field, no call.
  const form = useContractForm(
    chatUserCreateRequestSchema,
    { name: '', user_id: '', password: '', addToGlobalPull: false },
    { labels: LABELS },
  );

  const create = useCreateChatUser({
    onSuccess: () => void navigate(paths.portal.powerChatUsers.getHref()),
    // A call refused for want of seats goes to the payment page (the query client, `useCreateChatUser`'s meta).
    onError: (error) => form.setServerErrors(error),
  });

  return (
    <Card padding="xl" maw={560}>
      <Text fw={700} size="lg">
        New Power Chat user
      </Text>
      <Text size="sm" c="dimmed" mt={4}>
        The user signs in to the Power Chat app with the user ID and password. Each user takes one Power Chat licence.
      </Text>
      <form onSubmit={form.submit((request) => create.mutate(request), create.isPending)} noValidate>
        <Stack gap="md" mt="lg">
          <TextInput label="Name" name="name" required {...form.getInputProps('name')} maxLength={100} />
          <TextInput
            label="User ID"
            name="user_id"
            required
            autoComplete="off"
            description="Letters, digits, dots, dashes, underscores or @; not case-sensitive"
            {...form.getInputProps('user_id')}
            maxLength={CHAT_USER_ID_MAX}
          />
          <PasswordInput
            label="Password"
            name="password"
            required
            autoComplete="new-password"
            description={`${PASSWORD_MIN} to ${PASSWORD_MAX} characters`}
            {...form.getInputProps('password')}
          />
          <Checkbox
            label="Add to global pool (listed in the shared contacts of your Power Chat users)"
            name="addToGlobalPull"
            {...form.getInputProps('addToGlobalPull', { type: 'checkbox' })}
          />
          <Group justify="flex-end" mt="xs" gap="sm">
            <Button component={Link} to={paths.portal.powerChatUsers.getHref()} variant="default">
              Cancel
            </Button>
            <Button type="submit" loading={create.isPending}>
              Create User
            </Button>
          </Group>
        </Stack>
      </form>
    </Card>
  );
}
