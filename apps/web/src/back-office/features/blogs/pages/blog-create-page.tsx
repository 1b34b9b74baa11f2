import {
  Card,
  FileInput,
  Group,
  Image,
  SimpleGrid,
  Skeleton,
  Stack,
  TagsInput,
  Text,
  Textarea,
  TextInput,
} from '@mantine/core';
import { IconPhoto } from '@tabler/icons-react';
import { useEffect, useMemo, useState, type ChangeEvent, type FormEvent } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { BLOG_IMAGE_MAX_BYTES, BLOG_TAGS_MAX, blogImageUrl } from '@fleetdeck/contract';
import { FormActions } from '@/shared/components/mutation-form';
import { QueryError } from '@/shared/components/query-view';
import { RichTextField } from '@/shared/components/rich-text/rich-text-field';
import { serverFieldErrors } from '@/shared/lib/form';
import { staffPaths } from '../../../app/paths';
import { useBlog, useSaveBlog, type BlogFormValues } from '../api/blogs';

const EMPTY: BlogFormValues = {
  title: '',
  shortDescription: '',
  longDescription: '',
  category: '',
  tags: [],
  author: '',
  imageFile: null,
};
const REQUIRED: (keyof BlogFormValues)[] = ['title', 'shortDescription', 'longDescription', 'category', 'author'];
const LABELS: Record<string, string> = {
  title: 'Title',
  shortDescription: 'Short description',
  longDescription: 'Long description',
  category: 'Category',
  tags: 'Tags',
  author: 'Author',
  imageFile: 'Image',
};
type TextKey = 'title' | 'shortDescription' | 'category' | 'author';
const MB = BLOG_IMAGE_MAX_BYTES / 1024 / 1024;

/** Spec 3 "admin-blog-create" (optional query id = edit): the blog form with its picture; Save/Update, then the list. */
export function BlogCreatePage() {
  const [params] = useSearchParams();
  const id = params.get('id');
  const blog = useBlog(id);
  if (id && blog.isError) {
    return <QueryError title="The blog could not load" query={blog} />;
  }
  if (id && !blog.data) {
    return (
      <Card withBorder radius="md" padding="lg" maw={1000}>
        <Stack aria-busy="true">
          <Skeleton h={36} />
          <Skeleton h={240} />
        </Stack>
      </Card>
    );
  }
  const b = blog.data;
  const initial: BlogFormValues = b
    ? {
        id: b._id,
        title: b.title,
        shortDescription: b.shortDescription,
        longDescription: b.longDescription,
        category: b.category,
        tags: b.tags,
        author: b.author,
        imageFile: null,
      }
    : EMPTY;
  return <BlogForm key={b?._id ?? 'new'} initial={initial} image={b?.image ?? null} />;
}

function BlogForm({ initial, image }: { initial: BlogFormValues; image: string | null }) {
  const id = initial.id;
  const navigate = useNavigate();
  const [values, setValues] = useState<BlogFormValues>(initial);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const preview = useMemo(() => (values.imageFile ? URL.createObjectURL(values.imageFile) : null), [values.imageFile]);
  useEffect(() => () => (preview ? URL.revokeObjectURL(preview) : undefined), [preview]);

  const save = useSaveBlog({
    onSuccess: () => void navigate(staffPaths.blogList.getHref()),
    onError: (error) => {
      const byField = serverFieldErrors(error);
      setErrors(Object.fromEntries(Object.entries(byField).map(([f, m]) => [f, `${LABELS[f] ?? f} ${m}`])));
    },
  });
  const set = <K extends keyof BlogFormValues>(key: K, value: BlogFormValues[K]) => {
    setValues((v) => ({ ...v, [key]: value }));
    setErrors((e) => ({ ...e, [key]: '' }));
  };
  /** A text field's value, change handler and message. */
  const textField = (key: TextKey) => ({
    value: values[key],
    onChange: (e: ChangeEvent<HTMLInputElement | HTMLTextAreaElement>) => set(key, e.currentTarget.value),
    error: errors[key] || undefined,
  });

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (save.isPending) return;
    const own: Record<string, string> = {};
    for (const key of REQUIRED) {
      if (!String(values[key] ?? '').trim()) own[key] = `${LABELS[key]} is required`;
    }
    if (values.imageFile && values.imageFile.size > BLOG_IMAGE_MAX_BYTES)
      own.imageFile = `Image must be at most ${MB} MB`;
    setErrors(own);
    if (Object.keys(own).length === 0) save.mutate(values);
  };

  const currentImage = preview ?? blogImageUrl(image);
  return (
    <Card withBorder radius="md" padding="lg" maw={1000}>
      <form onSubmit={onSubmit} noValidate aria-label={id ? 'Edit the blog' : 'Create a blog'}>
        <Stack gap="md">
          <TextInput label="Title" required maxLength={200} {...textField('title')} />
          <Textarea label="Short description" required rows={3} maxLength={1000} {...textField('shortDescription')} />
          <RichTextField
            label="Long description"
            required
            value={values.longDescription}
            onChange={(html) => set('longDescription', html)}
            error={errors.longDescription || undefined}
            minHeight={220}
          />
          <SimpleGrid cols={{ base: 1, sm: 3 }}>
            <TextInput label="Category" required maxLength={100} {...textField('category')} />
            <TagsInput
              label="Tags"
              description="Press Enter after each tag"
              maxTags={BLOG_TAGS_MAX}
              value={values.tags}
              onChange={(tags) => set('tags', tags)}
              error={errors.tags || undefined}
            />
            <TextInput label="Author" required maxLength={100} {...textField('author')} />
          </SimpleGrid>
          <Group align="flex-end" gap="md" wrap="wrap">
            <FileInput
              label="Image"
              description={`JPG, PNG or WebP, at most ${MB} MB${id ? '; leave empty to keep the current one' : ''}`}
              accept="image/jpeg,image/png,image/webp"
              leftSection={<IconPhoto size={16} />}
              clearable
              placeholder="Choose a picture"
              value={values.imageFile}
              onChange={(file) => set('imageFile', file)}
              error={errors.imageFile || undefined}
              miw={280}
            />
            {currentImage ? (
              <Image src={currentImage} alt="The blog's picture" h={96} w="auto" fit="contain" radius="sm" />
            ) : (
              <Text size="xs" c="dimmed">
                No picture
              </Text>
            )}
          </Group>
          <FormActions
            loading={save.isPending}
            submitLabel={id ? 'Update' : 'Save'}
            cancel={{ to: staffPaths.blogList.getHref() }}
          />
        </Stack>
      </form>
    </Card>
  );
}
