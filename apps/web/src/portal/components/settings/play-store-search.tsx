import type { PlayStoreApp } from '@fleetdeck/contract';
import { Group, Loader, ScrollArea, Stack, Text, TextInput, UnstyledButton } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconCheck, IconSearch } from '@tabler/icons-react';
import { useState } from 'react';
import { errorMessage } from '@/shared/lib/api-client';
import { usePlayStoreSearch } from '@/portal/api/search-play-store';
import { AppIcon } from './app-icon';
import classes from './settings.module.css';

export const PLAY_STORE_DEBOUNCE_MS = 400;

/** Searches the Play Store by app name and lets the user pick one result. */
export function PlayStoreSearch({
  selected,
  onPick,
  label = 'Search the Play Store',
}: {
  selected: string | undefined;
  onPick: (app: PlayStoreApp) => void;
  label?: string;
}) {
  const [term, setTerm] = useState('');
  const [debounced] = useDebouncedValue(term.trim(), PLAY_STORE_DEBOUNCE_MS);
  const search = usePlayStoreSearch(debounced);
  const tooShort = debounced.length < 2;

  let body;
  if (tooShort) {
    body = (
      <Text size="sm" c="dimmed">
        Type at least 2 characters of the app&apos;s name.
      </Text>
    );
  } else if (search.isPending) {
    body = (
      <Group gap="xs">
        <Loader size="xs" />
        <Text size="sm" c="dimmed">
          Searching…
        </Text>
      </Group>
    );
  } else if (search.isError) {
    body = (
      <Text size="sm" c="red">
        {errorMessage(search.error)}
      </Text>
    );
  } else if (search.data.length === 0) {
    body = (
      <Text size="sm" c="dimmed">
        No apps found. You can type the package name below.
      </Text>
    );
  } else {
    body = (
      <ScrollArea.Autosize mah={260} type="auto">
        <Stack gap={0} role="listbox" aria-label="Play Store results">
          {search.data.map((app) => {
            const isSelected = app.appId === selected;
            return (
              <UnstyledButton
                key={app.appId}
                role="option"
                aria-selected={isSelected}
                onClick={() => onPick(app)}
                className={classes.listRow}
                px="xs"
                style={{
                  borderRadius: 'var(--mantine-radius-sm)',
                  background: isSelected ? 'var(--mantine-color-brand-0)' : undefined,
                }}
              >
                <Group gap="sm" wrap="nowrap">
                  <AppIcon src={app.icon} name={app.title} size={36} />
                  <Stack gap={0} style={{ minWidth: 0, flex: 1 }}>
                    <Text size="sm" fw={600} lineClamp={1}>
                      {app.title}
                    </Text>
                    <Text size="xs" c="dimmed" style={{ wordBreak: 'break-all' }}>
                      {app.appId}
                    </Text>
                    {app.developer ? (
                      <Text size="xs" c="dimmed" lineClamp={1}>
                        {app.developer}
                      </Text>
                    ) : null}
                  </Stack>
                  {isSelected ? <IconCheck size={18} color="var(--mantine-color-brand-6)" aria-hidden /> : null}
                </Group>
              </UnstyledButton>
            );
          })}
        </Stack>
      </ScrollArea.Autosize>
    );
  }

  return (
    <Stack gap="xs">
      <TextInput
        label={label}
        placeholder="App name, e.g. Chrome"
        leftSection={<IconSearch size={16} />}
        rightSection={search.isFetching && !tooShort ? <Loader size="xs" /> : null}
        value={term}
        onChange={(e) => setTerm(e.currentTarget.value)}
        size="sm"
        autoComplete="off"
      />
      {body}
    </Stack>
  );
}
