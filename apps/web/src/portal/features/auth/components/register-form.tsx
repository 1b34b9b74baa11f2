import { registerRequestSchema, type RegisterRequest } from '@fleetdeck/contract';
import { Anchor, Checkbox, Stack } from '@mantine/core';
import { useNavigate, useSearchParams } from 'react-router';
import { FullSubmitButton } from '@/portal/components/form-fields';
import { BoundPasswordInput, BoundTextInput } from '@/shared/components/form-fields';
import { PhoneFields } from '@/portal/components/phone-fields';
import { paths } from '@/portal/config/paths';
import { fieldMessage, issuesByField, useContractForm, type FieldErrors } from '@/shared/lib/form';
import { phoneFieldMessage } from '@/shared/lib/phone';
import { useLegalUrls } from '@/shared/lib/app-config';
import { useRegister } from '../api/register';

export const TERMS_REQUIRED_MESSAGE = 'Please accept the terms and condition';

const LABELS = { name: 'Full name', email: 'Email', password: 'Password', phone_number: 'Phone number' };

type RegisterValues = {
  name: string;
  email: string;
  password: string;
  country_code: string | null;
  phone_number: string;
  accepted: boolean;
};

const toRequest = (values: RegisterValues): RegisterRequest => ({
  name: values.name.trim(),
  email: values.email.trim(),
  password: values.password,
  registration_code: '',
  country_code: values.country_code,
  phone_number: values.phone_number.trim(),
});

/**
 * Spec 1 §5: the terms box is checked in the browser ("Please accept the terms and condition"). The contract's
 * rules (the server's own) are checked too, so an empty form shows each field's message beside the field, together
 * with the terms message, instead of the server's first complaint in a toast.
 */
const registerRules = (values: RegisterValues): FieldErrors => {
  const errors: FieldErrors = {};
  const checked = registerRequestSchema.safeParse(toRequest(values));
  if (!checked.success) {
    for (const [field, message] of Object.entries(issuesByField(checked.error))) {
      const label = LABELS[field as keyof typeof LABELS];
      const text = label ? fieldMessage(label, message) : message;
      if (text) errors[field] = text;
    }
  }
  // The number must be one of the chosen country's (the server stores it in E.164, DECISIONS §14).
  const phone = errors.phone_number ? undefined : phoneFieldMessage(values.phone_number, values.country_code);
  if (phone) errors.phone_number = phone;
  if (!values.accepted) errors.accepted = TERMS_REQUIRED_MESSAGE;
  return errors;
};

const legalLink = (href: string | null, text: string) =>
  href ? (
    <Anchor href={href} target="_blank" rel="noopener noreferrer" inherit>
      {text}
    </Anchor>
  ) : (
    text
  );

/** "I accept the terms and privacy policy", each a link when the installation sets its page (issue 24). */
function AcceptTermsLabel() {
  const { privacyUrl, termsUrl } = useLegalUrls();
  return (
    <>
      I accept the {legalLink(termsUrl, 'terms')} and {legalLink(privacyUrl, 'privacy policy')}
    </>
  );
}

export function RegisterForm() {
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const form = useContractForm(
    registerRequestSchema,
    {
      name: '',
      email: params.get('email') ?? '',
      password: '',
      country_code: null as string | null,
      phone_number: '',
      accepted: false,
    },
    { clientCheck: false, rules: registerRules, toRequest, labels: LABELS },
  );

  const register = useRegister({
    // A message about a field goes under that field (the toast still says what the server said).
    onError: (error) => form.setServerErrors(error),
    onSuccess: () => {
      form.reset();
      form.setFieldValue('email', '');
      void navigate(paths.auth.login.getHref({ showEmailNotice: true }));
    },
  });

  return (
    <form onSubmit={form.submit((request) => register.mutate(request), register.isPending)} noValidate>
      <Stack gap="md">
        <BoundTextInput
          form={form}
          field="name"
          label="Full name"
          withAsterisk
          autoComplete="name"
          placeholder="Jane Cooper"
        />
        <BoundTextInput
          form={form}
          field="email"
          label="Email"
          withAsterisk
          type="email"
          autoComplete="email"
          placeholder="you@company.com"
          description="Please use your work email"
          inputWrapperOrder={['label', 'input', 'description', 'error']}
        />
        <BoundPasswordInput
          form={form}
          field="password"
          label="Password"
          withAsterisk
          autoComplete="new-password"
          placeholder="At least 8 characters"
        />
        <PhoneFields form={form} placeholder="7700 900123" />
        <Checkbox {...form.getInputProps('accepted', { type: 'checkbox' })} label={<AcceptTermsLabel />} />
        <FullSubmitButton loading={register.isPending}>Get Started</FullSubmitButton>
      </Stack>
    </form>
  );
}
