import { PasswordInput, TextInput } from '@mantine/core';
import type { PasswordInputProps, TextInputProps } from '@mantine/core';
import type { GetInputPropsReturnType } from '@mantine/form';

/**
 * Inputs bound to a form's field (`useContractForm` or `useForm`): named after the field, with its value, change and
 * error, so a form's fields are written once each: `<BoundTextInput form={form} field="name" label="Name" />`.
 */

/** What a bound field needs of a form (`useContractForm` or `useForm`). */
export interface BoundForm<F extends string> {
  getInputProps: (field: F) => GetInputPropsReturnType;
}

/** An input's own props, with the form and the field it is bound to. */
export type Bound<F extends string, P> = Omit<P, 'form' | 'name'> & { form: BoundForm<F>; field: F };

/** A password input named after its form field and bound to it. */
export function BoundPasswordInput<F extends string>({ form, field, ...rest }: Bound<F, PasswordInputProps>) {
  return <PasswordInput name={field} {...rest} {...form.getInputProps(field)} />;
}

/** A text input named after its form field and bound to it. */
export function BoundTextInput<F extends string>({ form, field, ...rest }: Bound<F, TextInputProps>) {
  return <TextInput name={field} {...rest} {...form.getInputProps(field)} />;
}

/** A whole number typed as text (the contract checks it), with its unit on the right ("%", "s"). */
export function BoundNumberInput<F extends string>({ unit, ...rest }: Bound<F, TextInputProps> & { unit?: string }) {
  return <BoundTextInput inputMode="numeric" autoComplete="off" rightSection={unit} {...rest} />;
}

/**
 * A new password then its confirmation ("Confirm password", `confirm_password` unless named), both `new-password`
 * for the password manager.
 */
export function NewPasswordInputs<F extends string, C extends string = 'confirm_password'>({
  form,
  field,
  confirmField = 'confirm_password' as C,
  label = 'New password',
  description,
  required,
}: {
  form: BoundForm<F | C>;
  field: F;
  confirmField?: C;
  label?: string;
  description?: string;
  required?: boolean;
}) {
  return (
    <>
      <BoundPasswordInput
        form={form}
        field={field}
        label={label}
        autoComplete="new-password"
        description={description}
        required={required}
      />
      <BoundPasswordInput
        form={form}
        field={confirmField}
        label="Confirm password"
        autoComplete="new-password"
        required={required}
      />
    </>
  );
}
