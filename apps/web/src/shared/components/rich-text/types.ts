/** The props of the rich-text field and of its lazily loaded editor (one file, so neither imports the other). */
export interface RichTextFieldProps {
  label: string;
  /** HTML; '' when empty. */
  value: string;
  onChange: (html: string) => void;
  error?: string | null | undefined;
  required?: boolean;
  minHeight?: number;
}
