import { Card, SimpleGrid, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { COUNTER_NAMES } from '../setup-steps';
import { useLocationCounters } from '../hooks/use-location-counters';

/** The current location's counters (getLocationCounters), shown once a location is chosen. */
export function LocationCounters() {
  const { t } = useTranslation(['dashboard', 'common']);
  const counters = useLocationCounters();
  if (!counters) return null;
  const shown = COUNTER_NAMES;
  return (
    <SimpleGrid cols={{ base: 2, sm: 4 }} spacing="sm" data-testid="location-counters">
      {shown.map((name) => (
        <Card key={name} withBorder radius="md" padding="md">
          <Text size="xs" c="dimmed" tt="uppercase" fw={600}>
            {t(`dashboard:counters.${name}`)}
          </Text>
          <Text fz={28} fw={700}>
            {counters[name]}
          </Text>
        </Card>
      ))}
    </SimpleGrid>
  );
}
