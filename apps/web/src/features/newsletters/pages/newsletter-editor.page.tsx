import { Button, FileButton, Group, Stack, TagsInput, Text, TextInput, Title } from '@mantine/core';
import { IconUpload } from '@tabler/icons-react';
import { useEffect, useRef, useState, useSyncExternalStore } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams, useSearchParams } from 'react-router-dom';
import { useClient, useMutation, useQuery } from 'urql';
import { currentLocation } from '../../../lib/current-location';
import { reportMutationError } from '../../../lib/mutation-feedback';
import { showNotice } from '../../../lib/notices';
import { paths } from '../../../lib/paths';
import { CreateMutation, NewsletterQuery, TemplatesQuery, UpdateMutation } from '../api/newsletters';
import { NewsletterBuilder, type BuilderHandle } from '../../../components/newsletter-builder';
import { uploadNewsletterImage } from '../lib/upload-image';

const STARTER = '<table width="100%"><tr><td style="padding:24px;font-family:Arial,sans-serif"><h1>Newsletter</h1><p>Write your news here.</p></td></tr></table>';

/**
 * /newsletter/new (from `?template=<id>` of the Templates tab, `?is_temp=1` for a centre template)
 * and /newsletters/:tempId: name, tags, the builder or an uploaded HTML file. The server sanitises
 * the HTML and inlines its CSS on save.
 */
export function NewsletterEditorPage() {
  const { t } = useTranslation(['newsletters', 'common']);
  const navigate = useNavigate();
  const { tempId } = useParams();
  const [params] = useSearchParams();
  const templateId = params.get('template');
  const [{ data: one, fetching: loadingOne }] = useQuery({ query: NewsletterQuery, variables: { id: tempId ?? '' }, pause: !tempId });
  const [{ data: templates, fetching: loadingTemplates }] = useQuery({ query: TemplatesQuery, pause: !templateId || Boolean(tempId) });
  const [, create] = useMutation(CreateMutation);
  const [, update] = useMutation(UpdateMutation);
  const builder = useRef<BuilderHandle>(null);
  const client = useClient();
  const location = useSyncExternalStore(currentLocation.subscribe, currentLocation.get, currentLocation.get);
  const [name, setName] = useState('');
  const [tags, setTags] = useState<string[]>([]);
  const [uploaded, setUploaded] = useState(false);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [saving, setSaving] = useState(false);
  const existing = one?.getNewsletter;
  const template = templates?.getNewsletterTemplates.find((x) => x.id === templateId);
  const isTemp = existing ? existing.is_temp : params.get('is_temp') === '1';

  useEffect(() => {
    if (existing) {
      setName(existing.name);
      setTags(existing.tags);
      setUploaded(existing.uploaded);
    } else if (template) setName(template.name);
  }, [existing, template]);

  const ready = tempId ? Boolean(existing) : !templateId || !loadingTemplates;
  const initial = existing?.template ?? template?.template ?? STARTER;

  async function upload(file: File | null) {
    if (!file) return;
    const html = await file.text();
    builder.current?.load(html);
    setUploaded(true);
  }

  async function save() {
    setSaving(true);
    setErrors({});
    const html = builder.current?.html() ?? initial;
    const r = existing
      ? await update({ id: existing.id, name, template: html, tags, uploaded })
      : await create({ name, template: html, tags, uploaded, is_temp: isTemp, key: template?.key ?? null, image: template?.image ?? null });
    setSaving(false);
    if (r.error) {
      const byField: Record<string, string> = {};
      for (const e of r.error.graphQLErrors) if (e.extensions?.field) byField[String(e.extensions.field).split('.')[0]!] = e.message;
      if (Object.keys(byField).length) setErrors(byField);
      else reportMutationError(r.error, t);
      return;
    }
    const result = existing ? (r.data as { updateNewsletter: { status: boolean; message: string; color: string } }).updateNewsletter : (r.data as { createNewsletter: { status: boolean; message: string; color: string } }).createNewsletter;
    showNotice(result);
    navigate(isTemp ? `${paths.newsletters.to()}?tab=templates` : paths.newsletters.to());
  }

  const title = existing ? existing.name : isTemp ? t('newsletters:editor.newTemplate') : t('newsletters:editor.new');
  return (
    <Stack gap="md" data-testid="newsletter-editor">
      <Title order={1} size="h2">
        {title}
      </Title>
      {tempId && !loadingOne && !existing ? <Text c="danger">{t('newsletters:editor.notFound')}</Text> : null}
      <Group align="flex-end" wrap="wrap">
        <TextInput label={t('newsletters:fields.name')} value={name} onChange={(e) => setName(e.currentTarget.value)} error={errors.name} required style={{ flex: '1 1 240px' }} data-testid="newsletter-name" />
        <TagsInput label={t('newsletters:fields.tags')} value={tags} onChange={setTags} error={errors.tags} style={{ flex: '1 1 240px' }} />
        <FileButton onChange={(f) => void upload(f)} accept="text/html,.html,.htm">
          {(props) => (
            <Button variant="default" leftSection={<IconUpload size={16} />} {...props}>
              {t('newsletters:editor.upload')}
            </Button>
          )}
        </FileButton>
        <Button onClick={() => void save()} loading={saving} disabled={!ready} data-testid="newsletter-save">
          {t('common:actions.save')}
        </Button>
      </Group>
      {errors.template ? <Text c="danger">{errors.template}</Text> : null}
      {ready ? (
        <NewsletterBuilder
          ref={builder}
          initial={initial}
          failedText={t('newsletters:editor.builderFailed')}
          uploadImage={location?.id ? (file) => uploadNewsletterImage(client, location.id, file) : undefined}
          onUploadError={(reason) => showNotice({ status: false, message: reason, color: 'danger' })}
        />
      ) : null}
    </Stack>
  );
}
