import {
  defaultOptionsFilter,
  isOptionsGroup,
  type ComboboxItem,
  type ComboboxParsedItem,
  type OptionsFilter,
} from '@mantine/core';

/** 0 for the whole label or its name before " (", 1 when it starts with the search, 2 a word of it, 3 inside it. */
const rank = (label: string, search: string): number => {
  const text = label.toLowerCase();
  if (text === search || text.split(' (')[0] === search) return 0;
  if (text.startsWith(search)) return 1;
  return text.split(/[\s(]+/).some((word) => word.startsWith(search)) ? 2 : 3;
};

/**
 * A searchable select's filter that puts the closest matches first, so Enter picks "India (IN)" for "India" rather
 * than "British Indian Ocean Territory", which comes before it alphabetically and merely contains it (issue 24).
 * Grouped options keep Mantine's filter.
 */
export const closestFirstFilter: OptionsFilter = (input) => {
  const search = input.search.trim().toLowerCase();
  if (!search || input.options.some(isOptionsGroup)) {
    // Mantine types its own filter over any primitive value; the input here holds string values only.
    return defaultOptionsFilter(input) as ComboboxParsedItem[];
  }
  return (input.options as ComboboxItem[])
    .filter((option) => option.label.toLowerCase().includes(search))
    .map((option, index) => ({ option, index, rank: rank(option.label, search) }))
    .sort((a, b) => a.rank - b.rank || a.index - b.index)
    .slice(0, input.limit)
    .map(({ option }) => option);
};
