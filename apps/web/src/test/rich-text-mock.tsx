import type { RichTextFieldProps } from '@/shared/components/rich-text/rich-text-field';

/** Stand-in for the Tiptap editor (jsdom has no layout for ProseMirror): a textarea holding the HTML. */
export function FakeRichTextField({ label, value, onChange, error }: RichTextFieldProps) {
  return (
    <label>
      {label}
      <textarea aria-label={label} value={value} onChange={(e) => onChange(e.currentTarget.value)} />
      {error ? <span>{error}</span> : null}
    </label>
  );
}
