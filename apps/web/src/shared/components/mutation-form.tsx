import { Button, Group, Stack, type MantineSpacing } from '@mantine/core';
import type { FormEvent, ReactNode } from 'react';
import { Link } from 'react-router';

/** Where Cancel (or Close) leads: a page of the app, or a callback (a modal's `onClose`). */
export type FormCancel = { label?: string } & ({ to: string } | { onClick: () => void });

/** A form's buttons on the right under the fields: Cancel (when given) and the submit button. */
export function FormActions({
  loading,
  submitLabel = 'Save',
  submitIcon,
  cancel,
}: {
  /** The submit button loads while the request runs. */
  loading: boolean;
  submitLabel?: ReactNode;
  /** Before the submit label (e.g. the plus of "Add"). */
  submitIcon?: ReactNode;
  cancel?: FormCancel;
}) {
  const cancelLabel = cancel?.label ?? 'Cancel';
  return (
    <Group justify="flex-end">
      {cancel && 'to' in cancel ? (
        <Button variant="default" component={Link} to={cancel.to}>
          {cancelLabel}
        </Button>
      ) : null}
      {cancel && 'onClick' in cancel ? (
        <Button variant="default" onClick={cancel.onClick}>
          {cancelLabel}
        </Button>
      ) : null}
      <Button type="submit" leftSection={submitIcon} loading={loading}>
        {submitLabel}
      </Button>
    </Group>
  );
}

/** The part of a `useContractForm` form that MutationForm uses. */
interface SubmittingForm<R> {
  submit: (send: (request: R) => void, busy?: boolean) => (event?: FormEvent<HTMLFormElement>) => void;
}

/** The part of a TanStack mutation that MutationForm uses. */
interface SendingMutation<R> {
  mutate: (request: R) => void;
  isPending: boolean;
}

/**
 * A contract form whose checked request goes to one mutation: the fields in a stack, then `FormActions`. Submitting
 * again while the mutation runs does nothing (`useContractForm`'s `submit`).
 */
export function MutationForm<R>({
  form,
  mutation,
  submitLabel,
  submitIcon,
  cancel,
  label,
  gap = 'md',
  children,
}: {
  form: SubmittingForm<R>;
  mutation: SendingMutation<R>;
  submitLabel?: ReactNode;
  submitIcon?: ReactNode;
  cancel?: FormCancel;
  /** Accessible name of the form, e.g. "Edit the FAQ". */
  label?: string;
  gap?: MantineSpacing;
  children: ReactNode;
}) {
  return (
    <form
      onSubmit={form.submit((request) => mutation.mutate(request), mutation.isPending)}
      noValidate
      aria-label={label}
    >
      <Stack gap={gap}>
        {children}
        <FormActions loading={mutation.isPending} submitLabel={submitLabel} submitIcon={submitIcon} cancel={cancel} />
      </Stack>
    </form>
  );
}
