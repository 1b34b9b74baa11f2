import { CHAT_USER_ID_MAX, chatUserCreateRequestSchema, PASSWORD_MAX, PASSWORD_MIN } from '@fleetdeck/contract';
import { Button, Card, Checkbox, Group, PasswordInput, Stack, Text, TextInput } from '@mantine/core';
import { useState, type FormEvent } from 'react';
import { Link, useNavigate } from 'react-router';
import { paths } from '@/config/paths';
import { ApiError } from '@/lib/api-client';
import { useCreateChatUser } from '../api/create-chat-user';

type Field = 'name' | 'user_id' | 'password' | 'addToGlobalPull';
type FieldErrors = Partial<Record<Field, string>>;

const LABELS: Record<Field, string> = {
  name: 'Name',
  user_id: 'User ID',
  password: 'Password',
  addToGlobalPull: 'Add to global pull',
};

/** The contract says "is required"; under the field it reads "Name is required". */
const withLabel = (field: Field, message: string) =>
  /^(must|is|may)\b/.test(message) ? `${LABELS[field]} ${message}` : message.charAt(0).toUpperCase() + message.slice(1);

const isField = (key: string): key is Field => key in LABELS;

/** Per-field messages of the server's `errors`, or of its `respones_msg` when that starts with a field name. */
function serverFieldErrors(error: unknown): FieldErrors {
  if (!(error instanceof ApiError)) return {};
  const out: FieldErrors = {};
  for (const e of error.body?.errors ?? []) {
    if (isField(e.field) && !out[e.field]) out[e.field] = withLabel(e.field, e.message);
  }
  const named = /^(\w+): (.*)$/.exec(error.message);
  if (named && isField(named[1]!) && !out[named[1]]) out[named[1]] = withLabel(named[1], named[2]!);
  return out;
}

export function PowerChatUserCreatePage() {
  const navigate = useNavigate();
  const [name, setName] = useState('');
  const [userId, setUserId] = useState('');
  const [password, setPassword] = useState('');
  const [addToGlobalPull, setAddToGlobalPull] = useState(false);
  const [errors, setErrors] = useState<FieldErrors>({});

  const create = useCreateChatUser({
    onSuccess: () => void navigate(paths.portal.powerChatUsers.getHref()),
    // A call refused for want of seats goes to the payment page (the query client, `useCreateChatUser`'s meta).
    onError: (error) => setErrors(serverFieldErrors(error)),
  });

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (create.isPending) return;
    const checked = chatUserCreateRequestSchema.safeParse({ name, user_id: userId, password, addToGlobalPull });
    if (!checked.success) {
      const found: FieldErrors = {};
      for (const issue of checked.error.issues) {
        const key = String(issue.path[0] ?? '');
        if (isField(key) && !found[key]) found[key] = withLabel(key, issue.message);
      }
      setErrors(found);
      return;
    }
    setErrors({});
    create.mutate(checked.data);
  };

  return (
    <Card padding="xl" maw={560}>
      <Text fw={700} size="lg">
        New Power Chat user
      </Text>
      <Text size="sm" c="dimmed" mt={4}>
        The user signs in to the Power Chat app with the user ID and password. Each user takes one Power Chat licence.
      </Text>
      <form onSubmit={onSubmit} noValidate>
        <Stack gap="md" mt="lg">
          <TextInput
            label="Name"
            name="name"
            required
            value={name}
            onChange={(e) => setName(e.currentTarget.value)}
            error={errors.name}
            maxLength={100}
          />
          <TextInput
            label="User ID"
            name="user_id"
            required
            autoComplete="off"
            description="Letters, digits, dots, dashes, underscores or @; not case-sensitive"
            value={userId}
            onChange={(e) => setUserId(e.currentTarget.value)}
            error={errors.user_id}
            maxLength={CHAT_USER_ID_MAX}
          />
          <PasswordInput
            label="Password"
            name="password"
            required
            autoComplete="new-password"
            description={`${PASSWORD_MIN} to ${PASSWORD_MAX} characters`}
            value={password}
            onChange={(e) => setPassword(e.currentTarget.value)}
            error={errors.password}
          />
          <Checkbox
            label="Add to global pull (listed in the shared contacts of your Power Chat users)"
            name="addToGlobalPull"
            checked={addToGlobalPull}
            onChange={(e) => setAddToGlobalPull(e.currentTarget.checked)}
            error={errors.addToGlobalPull}
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
