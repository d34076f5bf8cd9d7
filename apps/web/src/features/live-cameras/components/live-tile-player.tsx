import { Group, Text } from '@mantine/core';
import { IconVideoOff } from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useViewer } from '../../../lib/shell-context';
import { useCameraPlayback, type PlaybackState } from '../hooks/use-camera-playback';
import { HlsPlayer } from './hls-player';
import { reasonText } from './reason';

export interface LiveTilePlayerProps {
  cameraId: string;
  title: string;
  paused: boolean;
  onPhase(phase: PlaybackState['phase']): void;
}

/** A grid tile's small muted live player (its own viewing, joined to the visit), or why it stopped. */
export function LiveTilePlayer({ cameraId, title, paused, onPhase }: LiveTilePlayerProps) {
  const { t } = useTranslation('cameras');
  const viewer = useViewer();
  const { state, currentToken, reopen } = useCameraPlayback(cameraId);
  const [fatal, setFatal] = useState<string | null>(null);

  useEffect(() => onPhase(state.phase), [state.phase, onPhase]);

  const why = fatal ?? (state.phase === 'refused' || state.phase === 'ended' ? reasonText(t, state.reason, state.message) : null);
  if (why !== null)
    return (
      <Group gap="xs" wrap="nowrap" align="flex-start" data-testid={`why-${cameraId}`}>
        <IconVideoOff size={18} aria-hidden style={{ flexShrink: 0, marginTop: 2 }} />
        <Text size="sm">{why}</Text>
      </Group>
    );
  if (state.phase !== 'playing') return <div style={{ aspectRatio: '16 / 9', background: '#000', borderRadius: 8 }} aria-hidden />;
  return (
    <HlsPlayer
      embed={state.embed}
      title={title}
      viewerName={viewer.user?.full_name ?? ''}
      currentToken={currentToken}
      reopen={reopen}
      onFatal={setFatal}
      compact
      paused={paused}
    />
  );
}
