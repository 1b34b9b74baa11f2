import type { UserDetail } from '@fleetdeck/contract';
import { Button, Card, Group, NumberInput, Stack, Text, TextInput } from '@mantine/core';
import { useState } from 'react';
import { useUpdateUser } from '../api/update-user';

/** `YYYY-MM-DDTHH:mm` in local time, the value of a datetime-local input. */
function toLocalInput(iso: string | null | undefined): string {
  if (!iso) return '';
  const d = new Date(iso);
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}T${pad(d.getHours())}:${pad(d.getMinutes())}`;
}

/**
 * The login QR code's end date and enrolment limit (issue 12, item 4): a printed QR code that leaks stops enrolling
 * devices after the date or the number of enrolments chosen here. Empty fields mean no end and no limit.
 */
export function QrLimitsCard({ user }: { user: UserDetail }) {
  const [until, setUntil] = useState(toLocalInput(user.enrolmentTokenExpiresAt));
  const [maxUses, setMaxUses] = useState<string | number>(user.enrolmentTokenMaxUses ?? '');
  const update = useUpdateUser();
  const uses = user.enrolmentTokenUses ?? 0;

  const save = (event: React.FormEvent) => {
    event.preventDefault();
    const at = until ? new Date(until) : null;
    update.mutate({
      enrolmentTokenExpiresAt: at && !Number.isNaN(at.getTime()) ? at.toISOString() : null,
      enrolmentTokenMaxUses: maxUses === '' ? null : Number(maxUses),
    });
  };

  return (
    <Card padding="lg">
      <form onSubmit={save} noValidate aria-label="QR code limits">
        <Stack gap="sm">
          <Text fw={700}>QR code limits</Text>
          <Text size="sm" c="dimmed">
            Stop the QR code from enrolling devices after a date or a number of enrolments. Leave empty for no limit.
          </Text>
          <TextInput
            type="datetime-local"
            label="Valid until"
            value={until}
            onChange={(e) => setUntil(e.currentTarget.value)}
          />
          <NumberInput
            label="Maximum enrolments"
            min={1}
            allowDecimal={false}
            allowNegative={false}
            value={maxUses}
            onChange={setMaxUses}
            description={`${uses} enrolment${uses === 1 ? '' : 's'} with this QR code so far`}
          />
          <Group justify="flex-end">
            <Button type="submit" variant="light" loading={update.isPending}>
              Save limits
            </Button>
          </Group>
        </Stack>
      </form>
    </Card>
  );
}
