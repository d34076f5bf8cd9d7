import { Alert, Badge, Button, Card, Group, NumberInput, Progress, SimpleGrid, Stack, Text } from '@mantine/core';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useMutation } from 'urql';
import { roleAtLeast } from '@kv/shared';
import { reportMutationError } from '../../../lib/mutation-feedback';
import { showNotice } from '../../../lib/notices';
import { useViewer } from '../../../lib/shell-context';
import { confirmDelete } from '../../../components/confirm-delete';
import { RemoveRoomRatioMutation, SaveRoomRatioMutation, type RoomRatioData } from '../api/room-ratio';
import { LocationNeeded } from '../components/location-needed';
import { PageHead } from '../components/page-head';
import { useCurrentLocation } from '../hooks/use-current-location';
import { useRoomRatios } from '../hooks/use-room-ratios';
import { LEVEL_COLOUR, ratioLevel, worstLevel } from '../lib/ratio-level';

function RatioEditor({ room, onSaved }: { room: RoomRatioData; onSaved(): void }) {
  const { t } = useTranslation(['attendance', 'common']);
  const [children, setChildren] = useState<number | string>(room.ratio_children ?? '');
  const [staff, setStaff] = useState<number | string>(room.ratio_staff ?? 1);
  const [{ fetching }, save] = useMutation(SaveRoomRatioMutation);
  const [{ fetching: removing }, remove] = useMutation(RemoveRoomRatioMutation);
  return (
    <Group gap="xs" align="flex-end" wrap="nowrap">
      <NumberInput
        label={t('attendance:ratio.childrenPer')}
        value={children}
        onChange={setChildren}
        min={1}
        max={99}
        w={110}
        size="xs"
        required
        data-testid={`ratio-children-${room.program_id}`}
      />
      <NumberInput label={t('attendance:ratio.staff')} value={staff} onChange={setStaff} min={1} max={20} w={90} size="xs" />
      <Button
        size="xs"
        loading={fetching}
        disabled={!children}
        data-testid={`ratio-save-${room.program_id}`}
        onClick={async () => {
          const result = await save({ program_id: room.program_id, children: Number(children), staff: Number(staff) || 1 });
          if (reportMutationError(result.error, t)) return;
          if (result.data) showNotice(result.data.saveRoomRatio);
          onSaved();
        }}
      >
        {t('attendance:ratio.save')}
      </Button>
      {room.ratio_children !== null ? (
        <Button
          size="xs"
          variant="subtle"
          color="danger"
          loading={removing}
          aria-label={t('attendance:ratio.removeNamed', { name: room.name })}
          data-testid={`ratio-remove-${room.program_id}`}
          onClick={() =>
            confirmDelete(t, t('attendance:ratio.ratioOf', { name: room.name }), async () => {
              const result = await remove({ program_id: room.program_id });
              if (reportMutationError(result.error, t)) return;
              if (result.data) showNotice(result.data.removeRoomRatio);
              onSaved();
            })
          }
        >
          {t('attendance:ratio.remove')}
        </Button>
      ) : null}
    </Group>
  );
}

function RoomCard({ room, canEdit, onSaved }: { room: RoomRatioData; canEdit: boolean; onSaved(): void }) {
  const { t } = useTranslation('attendance');
  const level = ratioLevel(room);
  const capacity = room.ratio_children && room.ratio_staff ? Math.floor((room.staff_present * room.ratio_children) / room.ratio_staff) : 0;
  const filled = capacity > 0 ? Math.min(100, (room.children_present / capacity) * 100) : room.children_present > 0 ? 100 : 0;
  return (
    <Card withBorder radius="md" padding="lg" data-testid={`room-${room.program_id}`} data-level={level}>
      <Group justify="space-between" mb="xs" wrap="nowrap">
        <Group gap="xs" wrap="nowrap">
          <span
            aria-hidden
            style={{ width: 12, height: 12, borderRadius: 6, background: room.color_code ?? 'var(--mantine-color-gray-5)' }}
          />
          <Text fw={700} size="lg" component="h2">
            {room.name}
          </Text>
        </Group>
        <Badge
          color={LEVEL_COLOUR[level]}
          variant={level === 'ok' || level === 'not_set' ? 'light' : 'filled'}
          data-testid={`room-level-${room.program_id}`}
        >
          {t(`ratio.levels.${level}`)}
        </Badge>
      </Group>
      <Group gap="xl" mb="sm">
        <div>
          <Text size="xs" c="dimmed">
            {t('ratio.children')}
          </Text>
          <Text fw={700} size="xl" data-testid={`room-children-${room.program_id}`}>
            {room.children_present}
          </Text>
        </div>
        <div>
          <Text size="xs" c="dimmed">
            {t('ratio.staffPresent')}
          </Text>
          <Text fw={700} size="xl" data-testid={`room-staff-${room.program_id}`}>
            {room.staff_present}
          </Text>
        </div>
        <div>
          <Text size="xs" c="dimmed">
            {t('ratio.required')}
          </Text>
          <Text fw={700} size="xl">
            {room.ratio ?? '—'}
          </Text>
        </div>
      </Group>
      {room.status !== 'not_set' ? (
        <>
          <Progress value={filled} color={LEVEL_COLOUR[level]} aria-label={t('ratio.fill', { name: room.name })} mb="xs" />
          <Text size="sm">{t('ratio.needs', { count: room.staff_required })}</Text>
          {room.spare_places !== null ? <Text size="sm">{t('ratio.spare', { count: Math.max(0, room.spare_places) })}</Text> : null}
          {room.expected_arrivals > 0 ? (
            <Text size="sm" fw={room.projected_status === 'out_of_ratio' ? 700 : undefined}>
              {t('ratio.expected', { count: room.expected_arrivals, staff: room.projected_staff_required })}
            </Text>
          ) : null}
        </>
      ) : (
        <Text size="sm" c="dimmed">
          {t('ratio.notSetHint')}
        </Text>
      )}
      {canEdit ? (
        <div style={{ marginTop: 12 }}>
          <RatioEditor room={room} onSaved={onSaved} />
        </div>
      ) : null}
    </Card>
  );
}

/**
 * /room-ratio: every room's live child:staff ratio. It follows check-ins and clock-ins made
 * anywhere (roomRatioChanged), and warns before a breach: at the limit, one place left, or
 * expected arrivals in the next 30 minutes that would push the room out.
 */
export function RoomRatioPage() {
  const { t } = useTranslation('attendance');
  const viewer = useViewer();
  const location = useCurrentLocation();
  const { rooms, fetching, refresh } = useRoomRatios(location.id);

  const levels = useMemo(() => rooms.map(ratioLevel), [rooms]);
  const worst = worstLevel(levels);
  if (!location.id) return <LocationNeeded />;
  return (
    <Stack gap="md">
      <PageHead title={t('ratio.title')} lead={t('ratio.lead')} />
      {worst === 'out' || worst === 'warning' || worst === 'approaching' ? (
        <Alert color={LEVEL_COLOUR[worst]} variant="light" role="alert" data-testid="ratio-alert">
          {t(`ratio.alert.${worst}`, {
            rooms: rooms
              .filter((_, i) => levels[i] === worst)
              .map((r) => r.name)
              .join(', '),
          })}
        </Alert>
      ) : null}
      {!fetching && rooms.length === 0 ? (
        <Text c="dimmed" data-testid="ratio-empty">
          {t('common.noData')}
        </Text>
      ) : null}
      <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }}>
        {rooms.map((room) => (
          <RoomCard key={room.program_id} room={room} canEdit={roleAtLeast(viewer.role, 'manager')} onSaved={refresh} />
        ))}
      </SimpleGrid>
    </Stack>
  );
}
