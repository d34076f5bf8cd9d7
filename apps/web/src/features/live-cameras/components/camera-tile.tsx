import { Badge, Box, Button, Card, Group, Stack, Text } from '@mantine/core';
import { IconArrowsMaximize, IconPlayerPlayFilled, IconVideoOff } from '@tabler/icons-react';
import { useCallback, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { paths } from '../../../lib/paths';
import type { CameraTileData } from '../api/types';
import type { PlaybackState } from '../hooks/use-camera-playback';
import { useInView } from '../hooks/use-in-view';
import { useTileSlot } from '../hooks/use-tile-slot';
import { LiveTilePlayer } from './live-tile-player';
import { reasonText } from './reason';

export interface CameraTileProps {
  tile: CameraTileData;
  /**
   * Plays by itself when in view: logins are unlimited at its location, or the visit is already
   * open (another tile plays there, so this one counts no login). Otherwise a tap starts it.
   */
  autoplay: boolean;
  onPlaying(cameraId: string, locationId: string, playing: boolean): void;
}

/** One camera of the grid: live (a small muted player while in view), or why not; "Open" shows it full size. */
export function CameraTile({ tile, autoplay, onPlaying }: CameraTileProps) {
  const { t } = useTranslation('cameras');
  const { camera } = tile;
  const box = useRef<HTMLDivElement>(null);
  const inView = useInView(box);
  const [tapped, setTapped] = useState(false);
  const held = useTileSlot(camera.id, tile.can_play && inView && (autoplay || tapped), inView);
  const onPhase = useCallback(
    (phase: PlaybackState['phase']) => onPlaying(camera.id, camera.location_id, phase === 'playing'),
    [camera.id, camera.location_id, onPlaying],
  );
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
          <>
            <div ref={box}>
              {held ? (
                <LiveTilePlayer cameraId={camera.id} title={camera.name} paused={!inView} onPhase={onPhase} />
              ) : (
                <TilePoster name={camera.name} needsTap={!autoplay && !tapped} onTap={() => setTapped(true)} id={camera.id} />
              )}
            </div>
            <Button
              component={Link}
              to={paths.studentsCameras.to({ camId: camera.id })}
              variant="light"
              leftSection={<IconArrowsMaximize size={16} />}
              data-testid={`watch-${camera.id}`}
            >
              {t('cameras:grid.open', { name: camera.name })}
            </Button>
          </>
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

/** Before the tile plays: a tap target where playing uses a login, else a note that it plays in view. */
function TilePoster({ id, name, needsTap, onTap }: { id: string; name: string; needsTap: boolean; onTap(): void }) {
  const { t } = useTranslation('cameras');
  return (
    <Box
      style={{ aspectRatio: '16 / 9', borderRadius: 8, display: 'grid', placeItems: 'center', textAlign: 'center', padding: 8 }}
      bg="dark.7"
      c="gray.0"
    >
      {needsTap ? (
        <Stack gap={6} align="center">
          <Button leftSection={<IconPlayerPlayFilled size={16} />} onClick={onTap} data-testid={`play-${id}`}>
            {t('cameras:grid.tapToPlay', { name })}
          </Button>
          <Text size="xs">{t('cameras:grid.tapHint')}</Text>
        </Stack>
      ) : (
        <Text size="sm">{t('cameras:grid.waiting')}</Text>
      )}
    </Box>
  );
}
