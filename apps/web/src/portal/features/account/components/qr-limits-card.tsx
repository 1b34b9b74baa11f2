import { ENROLMENT_TOKEN_MAX_USES, type UserDetail } from '@fleetdeck/contract';
import { Button, Card, Group, Stack, Text, TextInput } from '@mantine/core';
import { useState } from 'react';
import { checkNumber, NumberField } from '@/shared/components/number-field';
import { useUpdateUser } from '../api/update-user';
import { Allowed } from '@/portal/lib/permissions';

/** `YYYY-MM-DDTHH:mm` in local time, the value of a datetime-local input. */
function toLocalInput(iso: string | null | undefined): string {
  if (!iso) return '';
  const d = new Date(iso);
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}T${pad(d.getHours())}:${pad(d.getMinutes())}`;
}

const MAX_USES_RULES = { kind: 'whole', min: 1, max: ENROLMENT_TOKEN_MAX_USES, required: false } as const;

/**
 * The login QR code's end date and enrolment limit (issue 12, item 4): a printed QR code that leaks stops enrolling
 * devices after the date or the number of enrolments chosen here. Empty fields mean no end and no limit.
 */
export function QrLimitsCard({ user }: { user: UserDetail }) {
  const [until, setUntil] = useState(toLocalInput(user.enrolmentTokenExpiresAt));
  // As typed: "-5" or "1.5" is refused at the field (empty: no limit).
  const [maxUses, setMaxUses] = useState(String(user.enrolmentTokenMaxUses ?? ''));
  const maxChecked = checkNumber(maxUses, MAX_USES_RULES);
  const update = useUpdateUser();
  const uses = user.enrolmentTokenUses ?? 0;

  const save = (event: React.FormEvent) => {
    event.preventDefault();
    if (maxChecked.error) return;
    const at = until ? new Date(until) : null;
    update.mutate({
      enrolmentTokenExpiresAt: at && !Number.isNaN(at.getTime()) ? at.toISOString() : null,
      enrolmentTokenMaxUses: maxChecked.value,
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
          <NumberField
            label="Maximum enrolments"
            {...MAX_USES_RULES}
            value={maxUses}
            onChange={setMaxUses}
            description={`${uses} enrolment${uses === 1 ? '' : 's'} with this QR code so far`}
          />
          <Group justify="flex-end">
            <Allowed to="account.write">
              <Button type="submit" variant="light" loading={update.isPending} disabled={maxChecked.error !== null}>
                Save limits
              </Button>
            </Allowed>
          </Group>
        </Stack>
      </form>
    </Card>
  );
}
