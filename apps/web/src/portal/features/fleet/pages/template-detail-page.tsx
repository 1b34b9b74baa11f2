import { Text } from '@mantine/core';

/** Placeholder (helper C1's branch i25-web-templates writes the real page): keeps the route table compiling. */
export default function TemplateDetailPage() {
  return <Text c="dimmed">This policy template is on its way.</Text>;
}
