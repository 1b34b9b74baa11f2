import { TextInput } from '@mantine/core';
import type { GetInputPropsReturnType } from '@mantine/form';
import { RichTextField } from '@/shared/components/rich-text/rich-text-field';

/** What the FAQ fields need of a form with `question` and `answer` (the add and the edit form). */
interface FaqForm {
  getInputProps: (field: 'question') => GetInputPropsReturnType;
  values: { answer: string };
  setFieldValue: (field: 'answer', html: string) => void;
  errors: Record<string, unknown>;
}

/** The question and its rich-text answer. */
export function FaqFields({ form, minHeight }: { form: FaqForm; minHeight?: number }) {
  return (
    <>
      <TextInput label="Question" required maxLength={500} {...form.getInputProps('question')} />
      <RichTextField
        label="Answer"
        required
        value={form.values.answer}
        onChange={(html) => form.setFieldValue('answer', html)}
        error={form.errors.answer as string | undefined}
        minHeight={minHeight}
      />
    </>
  );
}
