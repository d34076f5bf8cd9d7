import { Button, FileButton, Group, Stack, TagsInput, Text, TextInput, Title } from '@mantine/core';
import { IconUpload } from '@tabler/icons-react';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router-dom';
import { useMutation, useQuery } from 'urql';
import { NewsletterBuilder, type BuilderHandle } from '../../../components/newsletter-builder';
import { reportMutationError } from '../../../lib/mutation-feedback';
import { showNotice } from '../../../lib/notices';
import { useShell } from '../../../lib/shell-context';
import { paths } from '../../../lib/paths';
import { PlatformCreateMutation, PlatformNewsletterQuery, PlatformUpdateMutation } from '../api/newsletter-templates';
import { uploadTemplateImage } from '../lib/upload-template-image';

const STARTER = '<table width="100%"><tr><td style="padding:24px;font-family:Arial,sans-serif"><h1>Newsletter</h1><p>Write the news here.</p></td></tr></table>';

/** /newsletter/:is_temp/new and /newsletters/:is_temp/:tempId (admin): the platform's template or newsletter in the builder. */
export function NewsletterTemplateEditorPage() {
  const { t } = useTranslation(['operator', 'common']);
  const navigate = useNavigate();
  const { session } = useShell();
  const { is_temp: isTempParam, tempId } = useParams();
  const isTemp = isTempParam !== '0';
  const [{ data, fetching }] = useQuery({ query: PlatformNewsletterQuery, variables: { id: tempId ?? '' }, pause: !tempId });
  const [, create] = useMutation(PlatformCreateMutation);
  const [, update] = useMutation(PlatformUpdateMutation);
  const builder = useRef<BuilderHandle>(null);
  const existing = data?.getNewsletter;
  const [name, setName] = useState('');
  const [tags, setTags] = useState<string[]>([]);
  const [uploaded, setUploaded] = useState(false);
  const [nameError, setNameError] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);

  useEffect(() => {
    if (existing) {
      setName(existing.name);
      setTags(existing.tags);
      setUploaded(existing.uploaded);
    }
  }, [existing]);

  async function save() {
    setSaving(true);
    setNameError(null);
    const template = builder.current?.html() ?? existing?.template ?? STARTER;
    const r = existing ? await update({ id: existing.id, name, template, tags, uploaded }) : await create({ name, template, tags, uploaded, is_temp: isTemp });
    setSaving(false);
    if (r.error) {
      const nameErr = r.error.graphQLErrors.find((e) => e.extensions?.field === 'name');
      if (nameErr) setNameError(nameErr.message);
      else reportMutationError(r.error, t);
      return;
    }
    const result = existing
      ? (r.data as { updateNewsletter: { status: boolean; message: string; color: string } }).updateNewsletter
      : (r.data as { createNewsletter: { status: boolean; message: string; color: string } }).createNewsletter;
    showNotice(result);
    navigate(paths.templates.to());
  }

  const ready = !tempId || Boolean(existing);
  return (
    <Stack gap="md" data-testid="operator-template-editor">
      <Title order={1} size="h2">
        {existing ? existing.name : isTemp ? t('operator:newsletters.newTemplate') : t('operator:newsletters.newNewsletter')}
      </Title>
      {tempId && !fetching && !existing ? <Text c="danger">{t('operator:newsletters.notFound')}</Text> : null}
      <Group align="flex-end" wrap="wrap">
        <TextInput label={t('operator:newsletters.name')} value={name} onChange={(e) => setName(e.currentTarget.value)} error={nameError} required style={{ flex: '1 1 240px' }} data-testid="operator-template-name" />
        <TagsInput label={t('operator:newsletters.tags')} value={tags} onChange={setTags} style={{ flex: '1 1 240px' }} />
        <FileButton
          onChange={(f) => {
            if (f)
              void f.text().then((html) => {
                builder.current?.load(html);
                setUploaded(true);
              });
          }}
          accept="text/html,.html,.htm"
        >
          {(props) => (
            <Button variant="default" leftSection={<IconUpload size={16} />} {...props}>
              {t('operator:newsletters.upload')}
            </Button>
          )}
        </FileButton>
        <Button onClick={() => void save()} loading={saving} disabled={!ready} data-testid="operator-template-save">
          {t('common:actions.save')}
        </Button>
      </Group>
      {ready ? (
        <NewsletterBuilder
          ref={builder}
          initial={existing?.template ?? STARTER}
          failedText={t('operator:newsletters.builderFailed')}
          uploadImage={(file) => uploadTemplateImage(session, file, t('operator:newsletters.imageUploadFailed'))}
          onUploadError={(reason) => showNotice({ status: false, message: reason, color: 'danger' })}
        />
      ) : null}
    </Stack>
  );
}
