import {
  Input,
  SegmentedControl,
  Stack,
  Text,
  TextInput,
  type MantineSpacing,
  type TextInputProps,
} from '@mantine/core';
import type { FormEventHandler, ReactNode } from 'react';
import { EditableBy } from '@/portal/lib/permissions';

/** A tab's (or a tab section's) title in bold with what it does beneath. */
export function TabHeading({ title, description }: { title: string; description?: ReactNode }) {
  return (
    <div>
      <Text fw={700}>{title}</Text>
      {description ? (
        <Text size="sm" c="dimmed">
          {description}
        </Text>
      ) : null}
    </div>
  );
}

interface TabFormProps {
  /** The heading, and the form's accessible name. */
  title: string;
  description?: ReactNode;
  onSubmit: FormEventHandler<HTMLFormElement>;
  gap?: MantineSpacing;
  maw?: number;
  children: ReactNode;
}

/**
 * A profile tab's settings form: named by its title, headed by `TabHeading`, its fields stacked beneath; read-only for
 * a member who may not change the fleet (`EditableBy`). Lists and paging outside the form stay usable.
 */
export function TabForm({ title, description, onSubmit, gap = 'md', maw, children }: TabFormProps) {
  return (
    <form onSubmit={onSubmit} noValidate aria-label={title}>
      <EditableBy to="fleet.write">
        <Stack gap={gap} maw={maw}>
          <TabHeading title={title} description={description} />
          {children}
        </Stack>
      </EditableBy>
    </form>
  );
}

/** An Android package name typed by hand (or filled in by a Play Store pick). */
export function PackageNameInput(props: Omit<TextInputProps, 'label' | 'size' | 'autoComplete'>) {
  return <TextInput label="Package name" size="sm" autoComplete="off" {...props} />;
}

interface SegmentedFieldProps<T extends string> {
  label: string;
  value: T;
  data: readonly T[];
  onChange: (value: T) => void;
}

/** A labelled choice of a few options shown side by side (the label also names the control). */
export function SegmentedField<T extends string>({ label, value, data, onChange }: SegmentedFieldProps<T>) {
  return (
    <Input.Wrapper label={label}>
      <SegmentedControl
        aria-label={label}
        display="flex"
        w="fit-content"
        mt={4}
        value={value}
        onChange={(v) => onChange(v as T)}
        data={[...data]}
      />
    </Input.Wrapper>
  );
}
