import { Badge, Tooltip, UnstyledButton } from '@mantine/core';
import type { Faq } from '@fleetdeck/contract';
import { useUpdateFaq } from '../api/faq';

/** The FAQ status badge: a click toggles Active / Inactive (spec 3 §4). */
export function FaqStatusBadge({ faq }: { faq: Faq }) {
  const update = useUpdateFaq();
  const next = faq.status === 'Active' ? 'Inactive' : 'Active';
  return (
    <Tooltip label={`Click to make it ${next}`} withArrow>
      <UnstyledButton
        aria-label={`Status ${faq.status}: make "${faq.question}" ${next}`}
        disabled={update.isPending}
        onClick={() => update.mutate({ id: faq._id, status: next })}
      >
        <Badge color={faq.status === 'Active' ? 'green' : 'gray'} variant="light" style={{ cursor: 'pointer' }}>
          {faq.status}
        </Badge>
      </UnstyledButton>
    </Tooltip>
  );
}
