import { Alert, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { AllPages } from '../hooks/use-all-pages';

/** How many of a location's cameras are in: the whole count, the pages still loading, or a failed page. */
export function CamerasLoaded({ rows, total, complete, failed }: AllPages<unknown>) {
  const { t } = useTranslation('setup');
  if (failed)
    return (
      <Alert color="danger" variant="light" role="alert" mb="sm">
        {t('setup:cameras.partial', { loaded: rows.length, total })}
      </Alert>
    );
  return (
    <Text size="sm" c="dimmed" mb="sm" role="status" data-testid="cameras-count">
      {complete ? t('setup:cameras.count', { count: total }) : t('setup:cameras.loadingAll', { loaded: rows.length, total })}
    </Text>
  );
}
