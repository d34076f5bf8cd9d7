import { Card, SimpleGrid, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { COUNTER_NAMES } from '../setup-steps';
import { useLocationCounters } from '../hooks/use-location-counters';

/** The location's counters, shown only when this server answers a counters query: no numbers are invented. */
export function LocationCounters() {
  const { t } = useTranslation(['dashboard', 'common']);
  const state = useLocationCounters();
  if (state.status !== 'done' || !state.value) return null;
  const counters = state.value;
  const shown = COUNTER_NAMES.filter((name) => name in counters);
  if (shown.length === 0) return null;
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
