import { Input, PinInput } from '@mantine/core';

interface OtpFieldProps {
  label: string;
  /** Name of each digit's box for screen readers. */
  digitLabel: string;
  length: number;
  value: string;
  onChange: (value: string) => void;
  /** Called with the code once its last digit is typed or pasted: the pages submit it then, without a click. */
  onComplete?: (code: string) => void;
  error?: string | null;
  disabled?: boolean;
}

/** The emailed code as one box per digit (digits only, one-time-code autofill), for both apps' code pages. */
export function OtpField({ label, digitLabel, length, value, onChange, onComplete, error, disabled }: OtpFieldProps) {
  return (
    <Input.Wrapper label={label} description={`${length} digits, valid for 10 minutes`} error={error}>
      <PinInput
        mt={8}
        length={length}
        type="number"
        inputMode="numeric"
        oneTimeCode
        autoFocus
        size="lg"
        gap="sm"
        value={value}
        onChange={onChange}
        onComplete={onComplete}
        error={Boolean(error)}
        ariaLabel={digitLabel}
        disabled={disabled}
      />
    </Input.Wrapper>
  );
}
