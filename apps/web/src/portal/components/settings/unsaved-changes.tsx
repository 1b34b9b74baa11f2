import { createContext, useContext, useEffect, useId, useState } from 'react';

/** The forms of a profile page that hold changes not saved yet, by form id → the form's title. */
export type UnsavedForms = Map<string, string>;

const UnsavedContext = createContext<UnsavedForms | null>(null);

/**
 * The outermost tabs own the registry; nested tabs (Super Lock's Cleaner Apps) share it, so a change of either
 * tab strip sees every form of the page.
 */
export function useUnsavedRegistry(): { forms: UnsavedForms; Provider: typeof UnsavedContext.Provider | null } {
  const parent = useContext(UnsavedContext);
  const [own] = useState<UnsavedForms>(() => new Map());
  return parent ? { forms: parent, Provider: null } : { forms: own, Provider: UnsavedContext.Provider };
}

/** A form reports whether it holds unsaved changes, so a tab change asks before dropping them. */
export function useReportUnsaved(title: string, dirty: boolean): void {
  const forms = useContext(UnsavedContext);
  const id = useId();
  useEffect(() => {
    if (!forms) return;
    if (dirty) forms.set(id, title);
    else forms.delete(id);
    return () => {
      forms.delete(id);
    };
  }, [forms, id, title, dirty]);
}
