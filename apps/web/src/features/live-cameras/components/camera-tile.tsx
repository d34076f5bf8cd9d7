import { Badge, Button, Card, Group, Stack, Text } from '@mantine/core';
import { IconPlayerPlayFilled, IconVideoOff } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { paths } from '../../../lib/paths';
import type { CameraTileData } from '../api/types';
import { reasonText } from './reason';

/** One camera of the grid: live with a "Watch" button, or why not. */
export function CameraTile({ tile }: { tile: CameraTileData }) {
  const { t } = useTranslation('cameras');
  const { camera } = tile;
  return (
    <Card
      withBorder
      radius="md"
      padding="md"
      data-testid={`camera-tile-${camera.id}`}
      style={{ borderLeft: `6px solid ${camera.color_code}` }}
    >
      <Stack gap="xs">
        <Group justify="space-between" wrap="nowrap" gap="xs">
          <Text fw={600} component="h2" size="md" m={0} lineClamp={1}>
            {camera.name}
          </Text>
          {tile.can_play ? (
            <Badge color="success" variant="light">
              {t('cameras:grid.live')}
            </Badge>
          ) : (
            <Badge color="gray" variant="light">
              {t('cameras:grid.unavailable')}
            </Badge>
          )}
        </Group>
        {camera.room ? (
          <Text size="sm" c="dimmed">
            {t('cameras:grid.room', { room: camera.room.name })}
          </Text>
        ) : null}
        {tile.can_play ? (
          <Button
            component={Link}
            to={paths.studentsCameras.to({ camId: camera.id })}
            leftSection={<IconPlayerPlayFilled size={16} />}
            data-testid={`watch-${camera.id}`}
          >
            {t('cameras:grid.watch', { name: camera.name })}
          </Button>
        ) : (
          <Group gap="xs" wrap="nowrap" align="flex-start" data-testid={`why-${camera.id}`}>
            <IconVideoOff size={18} aria-hidden style={{ flexShrink: 0, marginTop: 2 }} />
            <Text size="sm">{reasonText(t, tile.reason, tile.message)}</Text>
          </Group>
        )}
      </Stack>
    </Card>
  );
}
