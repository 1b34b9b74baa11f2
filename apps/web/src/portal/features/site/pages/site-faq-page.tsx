import { Accordion, Skeleton, Stack, Text } from '@mantine/core';
import { QueryError } from '@/shared/components/query-view';
import { HtmlContent } from '@/shared/components/rich-text/html-content';
import { usePublicFaq } from '../api/site';
import { SitePageHeading } from '../components/site-page-heading';

/** /faq (DECISIONS §9): the Active FAQ entries. */
export function SiteFaqPage() {
  const faq = usePublicFaq();
  return (
    <Stack gap="lg" maw={860} mx="auto">
      <SitePageHeading title="Frequently asked questions">Answers to what customers ask us most.</SitePageHeading>
      {faq.isPending ? (
        <Stack role="status" aria-busy="true" aria-label="Loading the FAQ">
          {[0, 1, 2].map((i) => (
            <Skeleton key={i} h={52} radius="md" />
          ))}
        </Stack>
      ) : faq.isError ? (
        <QueryError title="The FAQ could not load" query={faq} />
      ) : faq.data.length === 0 ? (
        <Text c="dimmed">No questions yet.</Text>
      ) : (
        <Accordion variant="separated" radius="md" multiple defaultValue={faq.data[0] ? [faq.data[0]._id] : []}>
          {faq.data.map((entry) => (
            <Accordion.Item key={entry._id} value={entry._id} bg="white">
              <Accordion.Control>
                <Text fw={600}>{entry.question}</Text>
              </Accordion.Control>
              <Accordion.Panel>
                <HtmlContent html={entry.answer} />
              </Accordion.Panel>
            </Accordion.Item>
          ))}
        </Accordion>
      )}
    </Stack>
  );
}
