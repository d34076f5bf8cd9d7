import { Card, List, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useQuery } from 'urql';
import { WeekDataQuery, WeeksQuery } from '../api/food-menu.graphql';
import { dayIndex, todayAt } from '../lib/dates';
import { useMenuLocation } from '../lib/use-location';

/** The parent's /home: today's menu of the current location's current week, with their own children's allergy clashes. */
export function TodaysMenu() {
  const { t } = useTranslation('foodMenu');
  const location = useMenuLocation();
  const [{ data: weeks }] = useQuery({ query: WeeksQuery, variables: { location: location.id ?? '', current: true }, pause: !location.id });
  const weekId = weeks?.getFoodMenuWeeks.data[0]?.id ?? null;
  const [{ data }] = useQuery({ query: WeekDataQuery, variables: { week: weekId ?? '' }, pause: !weekId });
  const week = data?.getFoodMenuWeekData;
  if (!week) return null;
  const day = dayIndex(todayAt(location.timeZone));
  const cells = week.slots
    .map((s) => ({ slot: s, cell: week.cells.find((c) => c.day === day && c.slot_id === s.id) }))
    .filter((x) => x.cell?.items.length);
  if (cells.length === 0) return null;
  return (
    <Card withBorder radius="md" padding="lg" data-testid="todays-menu">
      <Title order={2} size="h4" mb="sm">
        {t('home.title')}
      </Title>
      <Stack gap="xs">
        {cells.map(({ slot, cell }) => (
          <div key={slot.id}>
            <Text fw={600} size="sm">
              {slot.name}
            </Text>
            <List size="sm">
              {cell!.items.map((i) => (
                <List.Item key={i.id}>{i.name}</List.Item>
              ))}
            </List>
            {cell!.clashes.map((c) => (
              <Text key={`${c.item_id}:${c.student_id}`} size="xs" c="red.8">
                {t('home.clash', { name: c.student_name, allergy: c.allergy, item: c.item })}
              </Text>
            ))}
          </div>
        ))}
      </Stack>
    </Card>
  );
}
