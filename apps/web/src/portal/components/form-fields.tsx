import { Button, Group } from '@mantine/core';
import type { ButtonProps, TextInputProps } from '@mantine/core';
import { IconMail } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { BoundTextInput, type Bound } from '@/shared/components/form-fields';

/** The "Email" input with the mail icon (auth pages). */
export function BoundEmailInput<F extends string>(props: Bound<F, TextInputProps>) {
  return (
    <BoundTextInput
      label="Email"
      type="email"
      placeholder="you@company.com"
      leftSection={<IconMail size={18} stroke={1.6} />}
      {...props}
    />
  );
}

/** The full-width submit button of the auth cards. */
export function FullSubmitButton({ loading, children = 'Submit', ...rest }: ButtonProps & { loading: boolean }) {
  return (
    <Button type="submit" size="md" fullWidth loading={loading} {...rest}>
      {children}
    </Button>
  );
}

/** A card form's submit button, on the right under the fields. */
export function SubmitRow({ loading, children }: { loading: boolean; children: ReactNode }) {
  return (
    <Group justify="flex-end" mt="xs">
      <Button type="submit" loading={loading}>
        {children}
      </Button>
    </Group>
  );
}
