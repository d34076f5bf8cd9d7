import { Badge, Card, Group, Loader, Stack, Text, Title } from '@mantine/core';
import { useSyncExternalStore } from 'react';
import { useTranslation } from 'react-i18next';
import { useQuery } from 'urql';
import { AppLink } from '../../../components/app-link';
import { currentLocation } from '../../../lib/current-location';
import { paths } from '../../../lib/paths';
import type { RoomRatioData } from '../api/room-ratio';
import { RatioWidgetSettingQuery } from '../api/ratio-widget-setting.query';
import { useRoomRatios } from '../hooks/use-room-ratios';
import { LEVEL_COLOUR, ratioLevel } from '../lib/ratio-level';
import classes from './ratio-widget.module.css';

const CONTEXT = { additionalTypenames: ['ThemeSetting'] };

function Figure({ label, value, testId }: { label: string; value: string | number; testId: string }) {
  return (
    <div>
      <Text size="xs" c="dimmed">
        {label}
      </Text>
      <Text fw={700} data-testid={testId}>
        {value}
      </Text>
    </div>
  );
}

function RoomLine({ room }: { room: RoomRatioData }) {
  const { t } = useTranslation('attendance');
  const level = ratioLevel(room);
  return (
    <li className={classes.room} data-testid={`widget-room-${room.program_id}`} data-level={level}>
      <Group justify="space-between" wrap="nowrap" gap="xs">
        <Group gap="xs" wrap="nowrap">
          <span aria-hidden className={classes.dot} style={{ background: room.color_code ?? 'var(--mantine-color-gray-5)' }} />
          <Text fw={600}>{room.name}</Text>
        </Group>
        <Badge
          color={LEVEL_COLOUR[level]}
          variant={level === 'ok' || level === 'not_set' ? 'light' : 'filled'}
          data-testid={`widget-level-${room.program_id}`}
        >
          {t(`ratio.levels.${level}`)}
        </Badge>
      </Group>
      <Group gap="lg" mt={4}>
        <Figure label={t('ratio.children')} value={room.children_present} testId={`widget-children-${room.program_id}`} />
        <Figure label={t('ratio.staffPresent')} value={room.staff_present} testId={`widget-staff-${room.program_id}`} />
        <Figure label={t('ratio.required')} value={room.ratio ?? '—'} testId={`widget-ratio-${room.program_id}`} />
      </Group>
    </li>
  );
}

function LiveRooms({ locationId, locationName }: { locationId: string; locationName: string }) {
  const { t } = useTranslation('attendance');
  const { rooms, fetching } = useRoomRatios(locationId);
  return (
    <Card withBorder radius="md" padding="lg" component="section" aria-labelledby="ratio-widget-title" data-testid="ratio-widget">
      <Group justify="space-between" mb="sm" wrap="wrap" gap="xs">
        <div>
          <Title order={2} size="h4" id="ratio-widget-title">
            {t('ratio.widget.title')}
          </Title>
          <Text size="sm" c="dimmed">
            {t('ratio.widget.lead', { location: locationName })}
          </Text>
        </div>
        <AppLink to={paths.roomRatio.to()} data-testid="ratio-widget-link">
          {t('ratio.widget.open')}
        </AppLink>
      </Group>
      {fetching && rooms.length === 0 ? (
        <Loader size="sm" role="status" aria-label={t('ratio.widget.loading')} />
      ) : rooms.length === 0 ? (
        <Text c="dimmed" data-testid="ratio-widget-empty">
          {t('common.noData')}
        </Text>
      ) : (
        <Stack component="ul" gap="sm" className={classes.list}>
          {rooms.map((room) => (
            <RoomLine key={room.program_id} room={room} />
          ))}
        </Stack>
      )}
    </Card>
  );
}

/**
 * The manager dashboard's compact room ratio: each room of the current location with children and
 * staff present, the required ratio and its warning level, live; shown only while the centre's
 * `show_room_ration_widget` setting is on and a location is picked. Links to /room-ratio.
 */
export function RatioWidget() {
  const location = useSyncExternalStore(currentLocation.subscribe, currentLocation.get, currentLocation.get);
  const [{ data }] = useQuery({ query: RatioWidgetSettingQuery, variables: {}, requestPolicy: 'cache-and-network', context: CONTEXT });
  if (!data?.getThemeSetting.show_room_ration_widget || !location) return null;
  return <LiveRooms key={location.id} locationId={location.id} locationName={location.name} />;
}
