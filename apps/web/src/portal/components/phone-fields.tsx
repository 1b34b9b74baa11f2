import { Grid, TextInput } from '@mantine/core';
import type { GetInputPropsReturnType } from '@mantine/form';
import { CountryCodeSelect } from '@/shared/components/country-code-select';

/** What the phone fields need of a form (`useContractForm` or `useForm` with these two fields). */
interface PhoneForm {
  values: { country_code: string | null };
  setFieldValue: (field: 'country_code', value: string | null) => void;
  getInputProps: (field: 'phone_number') => GetInputPropsReturnType;
}

/** The dial-code select beside the phone number (register and update profile, spec 1). */
export function PhoneFields({ form, placeholder }: { form: PhoneForm; placeholder?: string }) {
  return (
    <Grid gap="md">
      <Grid.Col span={{ base: 12, xs: 6 }}>
        <CountryCodeSelect
          value={form.values.country_code}
          onChange={(code) => form.setFieldValue('country_code', code)}
        />
      </Grid.Col>
      <Grid.Col span={{ base: 12, xs: 6 }}>
        <TextInput
          label="Phone number"
          type="tel"
          name="phone_number"
          autoComplete="tel-national"
          inputMode="tel"
          placeholder={placeholder}
          {...form.getInputProps('phone_number')}
        />
      </Grid.Col>
    </Grid>
  );
}
