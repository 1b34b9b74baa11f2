import { MantineProvider } from '@mantine/core';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { expectRefusedAsTyped } from '@/test/number-cases';
import { checkNumber, NumberField, useNumberText, type NumberRules } from './number-field';

describe('checkNumber (DECISIONS §14 "Numbers people type")', () => {
  const seats: NumberRules = { kind: 'whole', min: 1, max: 100_000 };
  const euros: NumberRules = { kind: 'money', min: 0, max: 1000 };

  it('takes what was typed, exactly', () => {
    expect(checkNumber('3', seats)).toEqual({ value: 3, error: null });
    expect(checkNumber(' 100,000 ', seats)).toEqual({ value: 100_000, error: null });
    expect(checkNumber('50', euros)).toEqual({ value: 50, error: null });
    expect(checkNumber('49.99', euros)).toEqual({ value: 49.99, error: null });
    expect(checkNumber('0', euros)).toEqual({ value: 0, error: null });
    expect(checkNumber('', { ...seats, required: false })).toEqual({ value: null, error: null });
  });

  it('refuses a minus sign, a fraction, 0, too much, sub-cents and text, never changing them', () => {
    expect(checkNumber('-3', seats).error).toMatch(/must not be negative/);
    expect(checkNumber('-5', euros).error).toMatch(/must not be negative/);
    expect(checkNumber('1.5', seats).error).toBe('Enter a whole number, without decimals');
    expect(checkNumber('0', seats).error).toBe('Must be at least 1');
    expect(checkNumber('99999999', seats).error).toBe('Must be at most 100,000');
    expect(checkNumber('1000.01', { ...euros, maxHint: 'what remains paid' }).error).toBe(
      'Must be at most €1,000.00 (what remains paid)',
    );
    expect(checkNumber('10.005', euros).error).toBe('At most 2 decimals (cents)');
    expect(checkNumber('5e3', seats).error).toBe('Enter a whole number');
    expect(checkNumber('', seats).error).toBe('Enter a number');
    for (const typed of ['-3', '1.5', '0', '99999999']) expect(checkNumber(typed, seats).value).toBeNull();
  });
});

function Field({ rules }: { rules: NumberRules }) {
  const n = useNumberText('', rules);
  return (
    <>
      <NumberField label="Qty" {...rules} value={n.text} onChange={n.setText} />
      <output data-testid="value">{String(n.value)}</output>
    </>
  );
}

function renderField(rules: NumberRules) {
  const user = userEvent.setup();
  render(
    <MantineProvider>
      <Field rules={rules} />
    </MantineProvider>,
  );
  return { user, field: screen.getByLabelText('Qty') };
}

describe('NumberField', () => {
  it('shows the text as typed with its message; the value is only what passes', async () => {
    const { user, field } = renderField({ kind: 'whole', min: 1, max: 100_000 });
    await expectRefusedAsTyped(
      user,
      field,
      [
        ['-3', 'must not be negative'],
        ['1.5', 'whole number'],
        ['0', 'at least 1'],
        ['99999999', 'at most 100,000'],
      ],
      { check: () => expect(screen.getByTestId('value')).toHaveTextContent('null') },
    );
    await user.clear(field);
    await user.type(field, '12');
    expect(screen.getByTestId('value')).toHaveTextContent('12');
    expect(field).not.toHaveAttribute('aria-invalid');
  });

  it('money shows € in front of what was typed', async () => {
    const { user, field } = renderField({ kind: 'money', min: 0, max: 100 });
    await user.type(field, '50');
    expect(field).toHaveValue('€50');
    expect(screen.getByTestId('value')).toHaveTextContent('50');
    await user.type(field, '0');
    expect(field).toHaveValue('€500');
    expect(screen.getByText('Must be at most €100.00')).toBeInTheDocument();
  });
});
