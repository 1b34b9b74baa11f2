import { Card, Select, Skeleton, Stack, Text } from '@mantine/core';
import { useEffect } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { FAQ_STATUSES, type FaqStatus } from '@fleetdeck/contract';
import { faqUpdateRequestSchema } from '@fleetdeck/contract/staff';
import { QueryError } from '@/shared/components/query-view';
import { MutationForm } from '@/shared/components/mutation-form';
import { useContractForm } from '@/shared/lib/form';
import { staffPaths } from '../../../app/paths';
import { useFaq, useUpdateFaq } from '../api/faq';
import { FaqFields } from '../components/faq-fields';

/** Spec 3 "admin-edit-faq" (query id): question, answer and status; Update goes back to the FAQ page. */
export function EditFaqPage() {
  const [params] = useSearchParams();
  const id = params.get('id');
  const navigate = useNavigate();
  const faq = useFaq(id);
  const form = useContractForm(
    faqUpdateRequestSchema,
    { id: id ?? '', question: '', answer: '', status: 'Active' as FaqStatus },
    { labels: { question: 'Question', answer: 'Answer', status: 'Status' } },
  );
  const { setValues, resetDirty } = form;
  useEffect(() => {
    if (!faq.data) return;
    const values = { id: faq.data._id, question: faq.data.question, answer: faq.data.answer, status: faq.data.status };
    setValues(values);
    resetDirty(values);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- load once per entry
  }, [faq.data?._id]);
  const update = useUpdateFaq({
    onSuccess: () => void navigate(staffPaths.faq.getHref()),
    onError: (e) => form.setServerErrors(e),
  });

  if (!id) return <Text c="dimmed">No FAQ entry chosen: open one from the FAQ list.</Text>;
  if (faq.isError) {
    return <QueryError title="The FAQ entry could not load" query={faq} />;
  }
  return (
    <Card withBorder radius="md" padding="lg" maw={900}>
      {faq.isPending ? (
        <Stack aria-busy="true">
          <Skeleton h={36} />
          <Skeleton h={200} />
        </Stack>
      ) : (
        <MutationForm
          form={form}
          mutation={update}
          label="Edit the FAQ"
          submitLabel="Update"
          cancel={{ to: staffPaths.faq.getHref() }}
        >
          <FaqFields form={form} />
          <Select
            label="Status"
            data={[...FAQ_STATUSES]}
            allowDeselect={false}
            w={200}
            {...form.getInputProps('status')}
          />
        </MutationForm>
      )}
    </Card>
  );
}
