/** A state as a badge shows it: in words, in a colour. */
export interface Status {
  label: string;
  color: string;
}

/** A state in words: `rolled_back` → "Rolled back". */
export const stateInWords = (state: string) => {
  const words = state.replace(/_/g, ' ');
  return words.charAt(0).toUpperCase() + words.slice(1);
};

/**
 * The badges of a set of states from their colours, each labelled with the state in words:
 * `statusesOf({ running: 'blue', rolled_back: 'violet' })` → `{ running: { label: 'Running', color: 'blue' }, … }`.
 */
export const statusesOf = <S extends string>(colors: Record<S, string>): Record<S, Status> =>
  Object.fromEntries(
    Object.entries<string>(colors).map(([state, color]) => [state, { label: stateInWords(state), color }]),
  ) as Record<S, Status>;

/** A state filter's choices, in the order of the contract's states. */
export const statusChoices = <S extends string>(states: readonly S[], statuses: Record<S, Status>) =>
  states.map((s) => ({ value: s, label: statuses[s].label }));
