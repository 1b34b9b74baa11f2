import { Input, Skeleton } from '@mantine/core';
import { Suspense } from 'react';
import { lazyNamed } from '@/shared/lib/route-table';
import type { RichTextFieldProps } from './types';

export type { RichTextFieldProps } from './types';

// Tiptap and its toolbar load only on the pages that edit rich text (FAQ, blog).
const Editor = lazyNamed(() => import('./rich-text-editor'), 'RichTextEditor');

/** A rich-text field (HTML): the editor is loaded the first time one is shown. */
export function RichTextField(props: RichTextFieldProps) {
  return (
    <Suspense
      fallback={
        <Input.Wrapper label={props.label} required={props.required}>
          <Skeleton h={(props.minHeight ?? 160) + 44} role="status" aria-label={`Loading the ${props.label} editor`} />
        </Input.Wrapper>
      }
    >
      <Editor {...props} />
    </Suspense>
  );
}
