import { Button, Center, MantineProvider, Stack, Text, Title } from '@mantine/core';
import type { i18n as I18n } from 'i18next';
import { buildTheme, cssVariablesResolver } from '../lib/theme';
import { THEME_COLOURS } from '@kv/shared';

/** The host did not say which surface it is (server down, unknown host): say so in plain words. */
export function BootError({ i18n, reason }: { i18n: I18n; reason: 'network' | 'status' | 'shape' }) {
  const t = i18n.getFixedT(null, 'common');
  return (
    <MantineProvider theme={buildTheme(THEME_COLOURS.primary)} cssVariablesResolver={cssVariablesResolver}>
      <Center mih="100dvh" p="md">
        <Stack align="center" ta="center" maw={480}>
          <Title order={1} size="h2">
            {t('common:boot.title')}
          </Title>
          <Text c="dimmed">{reason === 'network' ? t('common:boot.network') : t('common:boot.unknownHost')}</Text>
          <Button onClick={() => window.location.reload()}>{t('common:actions.reload')}</Button>
        </Stack>
      </Center>
    </MantineProvider>
  );
}
