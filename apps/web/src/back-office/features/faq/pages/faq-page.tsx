import { Card, Text } from '@mantine/core';
import { actionsColumn, dateColumn, textColumn } from '@/shared/components/columns';
import { IconPencil, IconPlus } from '@tabler/icons-react';
import type { Faq } from '@fleetdeck/contract';
import { contentPageQuerySchema, faqCreateRequestSchema } from '@fleetdeck/contract/staff';
import type { DataTableColumn } from '@/shared/components/data-table';
import { IconLink } from '@/shared/components/icon-action';
import { ListPage } from '@/shared/components/list-page';
import { HtmlContent } from '@/shared/components/rich-text/html-content';
import { MutationForm } from '@/shared/components/mutation-form';
import { useContractForm } from '@/shared/lib/form';

import { useListQuery } from '@/shared/lib/list-search';
import { staffPaths } from '../../../app/paths';
import { useCreateFaq, useFaqs } from '../api/faq';
import { FaqFields } from '../components/faq-fields';
import { FaqStatusBadge } from '../components/faq-status-badge';

function AddFaqForm() {
  const form = useContractForm(
    faqCreateRequestSchema,
    { question: '', answer: '' },
    { labels: { question: 'Question', answer: 'Answer' } },
  );
  const create = useCreateFaq({ onSuccess: () => form.reset(), onError: (e) => form.setServerErrors(e) });
  return (
    <Card withBorder radius="md" padding="md">
      <MutationForm
        form={form}
        mutation={create}
        label="Add an FAQ"
        gap="sm"
        submitLabel="Add"
        submitIcon={<IconPlus size={16} />}
      >
        <FaqFields form={form} minHeight={120} />
      </MutationForm>
    </Card>
  );
}

const columns: DataTableColumn<Faq>[] = [
  textColumn('question', 'Question', 240, (row) => row.question, { fw: 600 }),
  {
    key: 'answer',
    header: 'Answer',
    width: 320,
    render: (row) => (
      <Text size="sm" component="div">
        <HtmlContent html={row.answer} maxLines={3} />
      </Text>
    ),
  },
  { key: 'status', header: 'Status', width: 110, render: (row) => <FaqStatusBadge faq={row} /> },
  dateColumn('created_at'),
  actionsColumn(80, (row) => (
    <IconLink
      hint="Edit"
      icon={IconPencil}
      to={staffPaths.editFaq.getHref(row._id)}
      label={`Edit FAQ ${row.question}`}
    />
  )),
];

/** Spec 3 "FAQ": question and rich-text answer, the table with the status toggle and the edit link. */
export function FaqPage() {
  const list = useListQuery(contentPageQuerySchema, useFaqs);
  return <ListPage noun="FAQ" {...list} columns={columns} header={<AddFaqForm />} />;
}
