import { Button, Center, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { isRouteErrorResponse, useRouteError } from 'react-router-dom';

function isChunkLoadError(error: unknown): boolean {
  return error instanceof Error && /dynamically imported module|Importing a module script failed|Failed to fetch/i.test(error.message);
}

/** Shown when a route fails to load or render; a new deployment usually just needs a reload. */
export function RouteError() {
  const error = useRouteError();
  const { t } = useTranslation('common');
  if (!isChunkLoadError(error) && !isRouteErrorResponse(error)) console.error(error);
  return (
    <Center mih="60vh" p="md">
      <Stack align="center" gap="sm" maw={460} ta="center">
        <Title order={1} size="h2">
          {t('common:errors.pageFailedTitle')}
        </Title>
        <Text c="dimmed">{isChunkLoadError(error) ? t('common:errors.newVersion') : t('common:errors.pageFailed')}</Text>
        <Button onClick={() => window.location.reload()}>{t('common:actions.reload')}</Button>
      </Stack>
    </Center>
  );
}
