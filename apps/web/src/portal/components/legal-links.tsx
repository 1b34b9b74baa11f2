import { Anchor, type AnchorProps } from '@mantine/core';
import { useLegalUrls } from '@/shared/lib/app-config';

/** The footers' Privacy policy and Terms links, each only when the installation sets its page (issue 24). */
export function LegalLinks(props: AnchorProps) {
  const { privacyUrl, termsUrl } = useLegalUrls();
  return (
    <>
      {privacyUrl ? (
        <Anchor {...props} href={privacyUrl} target="_blank" rel="noopener noreferrer">
          Privacy policy
        </Anchor>
      ) : null}
      {termsUrl ? (
        <Anchor {...props} href={termsUrl} target="_blank" rel="noopener noreferrer">
          Terms
        </Anchor>
      ) : null}
    </>
  );
}
