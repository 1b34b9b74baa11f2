import { Code } from '@mantine/core';
import { ShownOnce } from './shown-once';

/** A webhook endpoint's signing secret (after create and after rotation), this once. */
export function SecretShownOnce({ secret, onDone }: { secret: string; onDone: () => void }) {
  return (
    <ShownOnce label="Signing secret" value={secret} what="secret" onDone={onDone}>
      Your receiver checks each event&apos;s <Code>webhook-signature</Code> with it (Standard Webhooks).
    </ShownOnce>
  );
}
