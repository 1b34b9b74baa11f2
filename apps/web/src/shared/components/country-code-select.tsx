import { Select, type SelectProps } from '@mantine/core';
import { useState } from 'react';
import { DIAL_CODE_OPTIONS, keyForDialCode, normaliseDialCode, optionByKey } from '@/shared/lib/countries';

const DATA = DIAL_CODE_OPTIONS.map((o) => ({ value: o.key, label: o.label }));

interface CountryCodeSelectProps extends Omit<SelectProps, 'data' | 'value' | 'onChange' | 'defaultValue'> {
  /** Dial code as the API stores it, e.g. "+44"; null when none is chosen. */
  value: string | null;
  onChange: (dialCode: string | null) => void;
}

/**
 * Searchable list of about 250 countries and territories ("🇬🇧 United Kingdom (+44)").
 * Several countries share a dial code, so entries are keyed by country and the
 * chosen country is remembered while the value is only the dial code.
 */
export function CountryCodeSelect({ value, onChange, ...props }: CountryCodeSelectProps) {
  const [pickedKey, setPickedKey] = useState<string | null>(null);
  const [open, setOpen] = useState(false);
  const picked = optionByKey(pickedKey);
  const selectedKey = picked && picked.dialCode === normaliseDialCode(value) ? picked.key : keyForDialCode(value);

  return (
    <Select
      label="Country code"
      placeholder="Select country"
      searchable
      clearable
      nothingFoundMessage="No country matches"
      maxDropdownHeight={280}
      // Typing highlights the first match, and Enter picks the highlighted country: while the list is open, Enter
      // never submits the form around it.
      selectFirstOptionOnChange
      {...props}
      onDropdownOpen={() => setOpen(true)}
      onDropdownClose={() => setOpen(false)}
      // Picking the same country twice (below and Mantine's own Enter handling) must not clear it.
      allowDeselect={false}
      onKeyDown={(event) => {
        if (!open || !(event.key === 'Enter' || event.nativeEvent.code === 'NumpadEnter')) return;
        event.preventDefault();
        // The highlighted match is picked here: Mantine's own Enter handling sees no highlighted option when the
        // highlight came from selectFirstOptionOnChange (seen in Chromium), and the list stayed open on "Germ".
        const listId = event.currentTarget.getAttribute('aria-controls');
        const highlighted = listId
          ? document.getElementById(listId)?.querySelector<HTMLElement>('[data-combobox-selected]')
          : null;
        highlighted?.click();
      }}
      data={DATA}
      value={selectedKey}
      onChange={(key) => {
        setPickedKey(key);
        onChange(optionByKey(key)?.dialCode ?? null);
      }}
    />
  );
}
