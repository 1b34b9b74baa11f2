import { Suspense } from 'react';
import { lazyNamed } from '@/shared/lib/route-table';
import type { SendCommandDialogProps } from './send-command-dialog';

const Dialog = lazyNamed<'SendCommandDialog', SendCommandDialogProps>(
  () => import('./send-command-dialog'),
  'SendCommandDialog',
);

/**
 * The send dialog, loaded when first opened: the pages that offer it (a device's, the device list, a group's) do not
 * carry its form, the contract's params rules and its words until a command is sent.
 */
export function LazySendCommandDialog(props: SendCommandDialogProps) {
  if (!props.opened) return null;
  return (
    <Suspense fallback={null}>
      <Dialog {...props} />
    </Suspense>
  );
}
