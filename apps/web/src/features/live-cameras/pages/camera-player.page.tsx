import { Alert, Anchor, Badge, Group, Loader, Stack, Text, Title } from '@mantine/core';
import { IconArrowLeft } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router-dom';
import { useQuery } from 'urql';
import { useAppConfig, useViewer } from '../../../lib/shell-context';
import { paths } from '../../../lib/paths';
import { CameraGridQuery } from '../api/camera-grid.query';
import { HlsPlayer } from '../components/hls-player';
import { formatClock, formatDuration } from '../components/live-behind';
import { reasonText } from '../components/reason';
import { useCameraPlayback } from '../hooks/use-camera-playback';

/**
 * /students/cameras/:camId: one camera, live, with what remains: the logins left today, until when
 * the camera's schedule lets it play, and the idle rule; and the time watched.
 */
export function CameraPlayerPage() {
  const { t } = useTranslation(['cameras', 'common']);
  const { camId = '' } = useParams();
  const viewer = useViewer();
  const config = useAppConfig();
  const [grid] = useQuery({ query: CameraGridQuery, variables: {}, requestPolicy: 'cache-first' });
  const tile = grid.data?.playCameraGridView.tiles.find((x) => x.camera.id === camId);
  const { state, currentToken, reopen } = useCameraPlayback(camId);
  const [fatal, setFatal] = useState<string | null>(null);
  const title = tile?.camera.name ?? t('cameras:player.title');
  const back = config.centre?.kind === 'petcare' ? paths.contactPetsCameras.to() : paths.userStudentsCameras.to();

  return (
    <Stack gap="md">
      <Anchor component={Link} to={back} size="sm">
        <Group gap={4} component="span">
          <IconArrowLeft size={16} aria-hidden />
          {t('cameras:player.back')}
        </Group>
      </Anchor>
      <Group justify="space-between" align="flex-end" gap="xs">
        <div>
          <Title order={1} size="h2" data-testid="camera-title">
            {title}
          </Title>
          {tile?.camera.room ? <Text c="dimmed">{t('cameras:grid.room', { room: tile.camera.room.name })}</Text> : null}
        </div>
        {state.phase === 'playing' ? (
          <Group gap="xs">
            <Badge variant="light" color="primary" data-testid="camera-remaining">
              {state.remaining === null ? t('cameras:logins.noLimit') : t('cameras:logins.leftShort', { count: state.remaining })}
            </Badge>
            {state.liveUntil ? (
              <Badge variant="light" color="primary" data-testid="camera-live-until">
                {t('cameras:player.liveUntil', { time: formatClock(state.liveUntil) })}
              </Badge>
            ) : null}
            <Badge variant="light" color="gray" data-testid="camera-watched">
              {t('cameras:player.watched', { time: formatDuration(state.seconds) })}
            </Badge>
          </Group>
        ) : null}
      </Group>
      {state.phase === 'loading' ? <Loader role="status" aria-label={t('common:loading')} /> : null}
      {state.phase === 'refused' ? (
        <Alert color="warning" variant="light" role="alert" title={t('cameras:player.refusedTitle')} data-testid="camera-refused">
          {reasonText(t, state.reason, state.message)}
        </Alert>
      ) : null}
      {state.phase === 'ended' ? (
        <Alert color="warning" variant="light" role="alert" title={t('cameras:player.endedTitle')} data-testid="camera-ended">
          {reasonText(t, state.reason, state.message)}
        </Alert>
      ) : null}
      {fatal && state.phase === 'playing' ? (
        <Alert color="danger" variant="light" role="alert" data-testid="camera-error">
          {fatal}
        </Alert>
      ) : null}
      {state.phase === 'playing' ? (
        <HlsPlayer
          embed={state.embed}
          title={title}
          viewerName={viewer.user?.full_name ?? ''}
          currentToken={currentToken}
          reopen={reopen}
          onFatal={setFatal}
        />
      ) : null}
      {state.phase === 'playing' && state.idleMinutes ? (
        <Text size="sm" c="dimmed" data-testid="camera-idle-hint">
          {t('cameras:player.idleHint', { count: state.idleMinutes })}
        </Text>
      ) : null}
      {state.phase === 'playing' && state.embed.test_mode ? (
        <Text size="sm" c="dimmed">
          {t('cameras:player.testMode')}
        </Text>
      ) : null}
    </Stack>
  );
}
