import { Button, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { useShell, useViewer } from '../../../lib/shell-context';

/** /pages/error-404: where unknown paths end up. */
export function NotFoundPage() {
  const { t } = useTranslation(['pages', 'common']);
  const viewer = useViewer();
  const { entryPath } = useShell();
  return (
    <Stack gap="md" align="center" ta="center" data-testid="not-found">
      <Text fz={64} fw={800} c="primary" lh={1} aria-hidden>
        404
      </Text>
      <Title order={1} size="h3">
        {t('pages:notFound.title')}
      </Title>
      <Text c="dimmed">{t('pages:notFound.lead')}</Text>
      <Button component={Link} to={entryPath(viewer.role)}>
        {viewer.role === 'guest' ? t('pages:guestPages.toSignIn') : t('pages:notFound.back')}
      </Button>
    </Stack>
  );
}
