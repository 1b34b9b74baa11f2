import type { UserDetail } from '@fleetdeck/contract';
import { Button, Card, Grid, Group, Stack, Text, TextInput } from '@mantine/core';
import { useState, type FormEvent } from 'react';
import { CountryCodeSelect } from '@/components/country-code-select';
import { normaliseDialCode } from '@/lib/countries';
import { useUpdateUser } from '../api/update-user';

export function UpdateProfileForm({ user }: { user: UserDetail }) {
  const [name, setName] = useState(user.name);
  const [countryCode, setCountryCode] = useState<string | null>(normaliseDialCode(user.country_code));
  const [phone, setPhone] = useState(user.phone_number);
  const update = useUpdateUser();

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (update.isPending) return;
    update.mutate({ name: name.trim(), country_code: countryCode, phone_number: phone.trim() });
  };

  return (
    <Card padding="xl" h="100%">
      <Text fw={700} size="lg">
        Profile details
      </Text>
      <Text size="sm" c="dimmed" mt={4}>
        Your name and phone number appear on invoices and in messages from our team.
      </Text>
      <form onSubmit={onSubmit} noValidate>
        <Stack gap="md" mt="lg">
          <TextInput
            label="Name"
            name="name"
            autoComplete="name"
            value={name}
            onChange={(e) => setName(e.currentTarget.value)}
          />
          <TextInput
            label="Email"
            value={user.email}
            readOnly
            variant="filled"
            description="Your email cannot be changed."
          />
          <Grid gap="md">
            <Grid.Col span={{ base: 12, sm: 6 }}>
              <CountryCodeSelect value={countryCode} onChange={setCountryCode} />
            </Grid.Col>
            <Grid.Col span={{ base: 12, sm: 6 }}>
              <TextInput
                label="Phone number"
                type="tel"
                name="phone_number"
                autoComplete="tel-national"
                inputMode="tel"
                value={phone}
                onChange={(e) => setPhone(e.currentTarget.value)}
              />
            </Grid.Col>
          </Grid>
          <Group justify="flex-end" mt="xs">
            <Button type="submit" loading={update.isPending}>
              Save
            </Button>
          </Group>
        </Stack>
      </form>
    </Card>
  );
}
