import { normalisePhone } from '@fleetdeck/contract/phone';

export { nationalPart } from '@fleetdeck/contract/phone';

/**
 * The phone field's message when the number cannot be one of the dial code's country (DECISIONS §14), the server's
 * own check (`@fleetdeck/contract/phone`); undefined when it can, or when no number is given.
 */
export function phoneFieldMessage(
  number: string,
  dialCode: string | null | undefined,
  label = 'Phone number',
): string | undefined {
  const result = normalisePhone(number, dialCode);
  return result.ok ? undefined : `${label} ${result.message}`;
}
