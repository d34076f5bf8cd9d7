import { Button, Card, Group, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconHourglassHigh } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link, useMatches } from 'react-router-dom';
import { isRouteHandle } from '../../../lib/route-handle';
import { useShell, useViewer } from '../../../lib/shell-context';
import { UPCOMING_FEATURES, type UpcomingFeature } from '../upcoming-routes';

interface UpcomingHandle {
  feature?: UpcomingFeature;
}

function featureOf(handle: unknown): UpcomingFeature | null {
  const feature = (handle as UpcomingHandle | null)?.feature;
  return feature && (UPCOMING_FEATURES as readonly string[]).includes(feature) ? feature : null;
}

/** A screen that arrives with a later feature: named, explained, never blank. */
export function UpcomingPage() {
  const { t } = useTranslation('common');
  const matches = useMatches();
  const viewer = useViewer();
  const { entryPath } = useShell();
  const leaf = matches[matches.length - 1];
  const feature = featureOf(leaf?.handle);
  const titleKey = isRouteHandle(leaf?.handle) ? leaf.handle.title : undefined;
  const featureName = feature ? t(`shell:features.${feature}`) : '';
  return (
    <Card withBorder radius="md" padding="xl" data-testid="upcoming-page" data-feature={feature ?? ''}>
      <Stack gap="md" align="flex-start">
        <Group gap="sm" wrap="nowrap">
          <ThemeIcon size={44} radius="md" variant="light" aria-hidden>
            <IconHourglassHigh size={24} />
          </ThemeIcon>
          <Title order={1} size="h2">
            {titleKey ? t(titleKey) : featureName}
          </Title>
        </Group>
        <Text size="lg">{t('shell:upcoming.comingWith', { feature: featureName })}</Text>
        <Text c="dimmed">{t('shell:upcoming.lead')}</Text>
        <Button component={Link} to={entryPath(viewer.role)} variant="light">
          {t('shell:upcoming.back')}
        </Button>
      </Stack>
    </Card>
  );
}
