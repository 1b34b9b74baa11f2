import { Button, Group, PasswordInput, TextInput } from '@mantine/core';
import type { ButtonProps, PasswordInputProps, TextInputProps } from '@mantine/core';
import type { GetInputPropsReturnType } from '@mantine/form';
import { IconMail } from '@tabler/icons-react';
import type { ReactNode } from 'react';

/** What a bound field needs of a form (`useContractForm` or `useForm`). */
export interface BoundForm<F extends string> {
  getInputProps: (field: F) => GetInputPropsReturnType;
}

type Bound<F extends string, P> = Omit<P, 'form' | 'name'> & { form: BoundForm<F>; field: F };

/** A password input named after its form field and bound to it. */
export function BoundPasswordInput<F extends string>({ form, field, ...rest }: Bound<F, PasswordInputProps>) {
  return <PasswordInput name={field} {...rest} {...form.getInputProps(field)} />;
}

/** A text input named after its form field and bound to it. */
export function BoundTextInput<F extends string>({ form, field, ...rest }: Bound<F, TextInputProps>) {
  return <TextInput name={field} {...rest} {...form.getInputProps(field)} />;
}

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

/** "New password" then "Confirm password" (`confirm_password`), both `new-password` for the password manager. */
export function NewPasswordInputs<F extends string>({
  form,
  field,
  description,
}: {
  form: BoundForm<F | 'confirm_password'>;
  field: F;
  description?: string;
}) {
  return (
    <>
      <BoundPasswordInput
        form={form}
        field={field}
        label="New password"
        autoComplete="new-password"
        description={description}
      />
      <BoundPasswordInput form={form} field="confirm_password" label="Confirm password" autoComplete="new-password" />
    </>
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
