import { Alert, Button, Card, Checkbox, NumberInput, Radio, Select, Stack, Text, Textarea, TextInput, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link, useParams, useSearchParams } from 'react-router-dom';
import { useQuery } from 'urql';
import { GuestPage } from '../../../components/guest/guest-page';
import { guestPaths } from '../../../lib/guest-paths';
import { WebFormPreviewQuery } from '../api/link.graphql';

type Field = { id: string; name: string; type: string; required: boolean; options: string[] };

/** One field as the parent will see it, read-only (nothing here is sent anywhere). */
function PreviewField({ f }: { f: Field }) {
  const { t } = useTranslation('forms');
  const common = { label: f.name, required: f.required, disabled: true, 'data-testid': `preview-field-${f.id}` };
  switch (f.type) {
    case 'section':
      return (
        <Title order={2} size="h4" data-testid={`preview-field-${f.id}`}>
          {f.name}
        </Title>
      );
    case 'textarea':
      return <Textarea {...common} />;
    case 'number':
      return <NumberInput {...common} />;
    case 'date':
      return <TextInput type="date" {...common} />;
    case 'select':
      return <Select {...common} data={f.options} />;
    case 'radio':
      return (
        <Radio.Group {...common}>
          <Stack gap={4} mt={4}>
            {f.options.map((o) => (
              <Radio key={o} value={o} label={o} disabled />
            ))}
          </Stack>
        </Radio.Group>
      );
    case 'checkbox':
      return f.options.length ? (
        <Checkbox.Group {...common}>
          <Stack gap={4} mt={4}>
            {f.options.map((o) => (
              <Checkbox key={o} value={o} label={o} disabled />
            ))}
          </Stack>
        </Checkbox.Group>
      ) : (
        <Checkbox {...common} />
      );
    case 'signature':
    case 'file':
      return (
        <Card withBorder padding="sm" data-testid={`preview-field-${f.id}`}>
          <Text fw={600} size="sm">
            {f.name}
            {f.required ? ' *' : ''}
          </Text>
          <Text size="sm" c="dimmed">
            {t(f.type === 'signature' ? 'preview.signatureHint' : 'preview.fileHint')}
          </Text>
        </Card>
      );
    default:
      return <TextInput {...common} />;
  }
}

/**
 * Guest /web-form/:formId/view?key=…: a web form the centre shares by link, read-only (its name,
 * instructions and fields; never an entry). Families fill it signed in, from their child's forms.
 */
export function WebFormPreviewPage() {
  const { t } = useTranslation(['forms', 'pages']);
  const { formId = '' } = useParams();
  const [params] = useSearchParams();
  const key = params.get('key') ?? '';
  const [{ data, fetching, error }] = useQuery({ query: WebFormPreviewQuery, variables: { form_id: formId, key }, pause: !key });
  const form = data?.getWebFormPreview;
  if (!form) {
    return (
      <GuestPage title={t('pages:guestPages.titles.webFormPreview')}>
        {fetching ? (
          <Text c="dimmed">{t('forms:preview.loading')}</Text>
        ) : (
          <Alert color="orange" variant="light" data-testid="web-form-preview-missing">
            {error && !error.graphQLErrors.some((e) => e.extensions?.code === 'NOT_FOUND') && !error.graphQLErrors.some((e) => e.extensions?.code === 'BAD_USER_INPUT')
              ? t('forms:failed')
              : t('forms:preview.missing')}
          </Alert>
        )}
      </GuestPage>
    );
  }
  return (
    <GuestPage title={form.name} lead={form.location_name}>
      <Stack gap="md" data-testid="web-form-preview">
        <Alert variant="light" data-testid="web-form-preview-note">
          {t('forms:preview.note')}
        </Alert>
        {form.description ? <Text>{form.description}</Text> : null}
        {form.instructions ? <Text c="dimmed">{form.instructions}</Text> : null}
        {form.fields.length ? (
          form.fields.map((f) => <PreviewField key={f.id} f={f} />)
        ) : (
          <Text c="dimmed">{t('forms:preview.noFields')}</Text>
        )}
        <Button component={Link} to={guestPaths.login.to()} variant="light" data-testid="web-form-preview-sign-in">
          {t('forms:preview.signIn')}
        </Button>
      </Stack>
    </GuestPage>
  );
}
