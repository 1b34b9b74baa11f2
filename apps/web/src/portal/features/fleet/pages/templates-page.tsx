import { Text } from '@mantine/core';

/** Placeholder (helper C1's branch i25-web-templates writes the real page): keeps the route table compiling. */
export default function TemplatesPage() {
  return <Text c="dimmed">Policy templates are on their way.</Text>;
}
