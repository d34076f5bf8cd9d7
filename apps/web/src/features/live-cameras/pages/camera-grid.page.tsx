import { Alert, Loader, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { useCallback, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useQuery } from 'urql';
import { CameraGridQuery } from '../api/camera-grid.query';
import { CameraLayoutSettingQuery } from '../api/camera-layout-setting.query';
import { RemainingLoginsQuery } from '../api/remaining-logins.query';
import { CameraTile } from '../components/camera-tile';
import { LoginsLeft } from '../components/logins-left';

/**
 * /user/students/cameras (and pet centres' /contact/pets/cameras): every camera the viewer may see,
 * each live in a small muted player while in view, or saying why not, laid out as the centre's theme
 * settings say (camera_module_setting: grid or list). Where logins are limited the first tile starts
 * on a tap (opening the page uses no login); once one plays, the visit is open and the others join
 * it without counting.
 */
export function CameraGridPage() {
  const { t } = useTranslation(['cameras', 'common']);
  const [{ data, fetching, error }] = useQuery({ query: CameraGridQuery, variables: {}, requestPolicy: 'cache-and-network' });
  const [logins] = useQuery({ query: RemainingLoginsQuery, variables: { location_id: null }, requestPolicy: 'cache-and-network' });
  const [playing, setPlaying] = useState<ReadonlyMap<string, string>>(new Map());
  const [{ data: layout }] = useQuery({ query: CameraLayoutSettingQuery, variables: {} });
  const list = layout?.getThemeSetting.camera_module_setting === 'list';
  const tiles = data?.playCameraGridView.tiles ?? [];
  const limited = useMemo(
    () => new Set((logins.data?.checkRemainingLogins ?? []).filter((l) => l.enabled && l.limit !== null).map((l) => l.location_id)),
    [logins.data],
  );
  const visits = useMemo(() => new Set(playing.values()), [playing]);
  const onPlaying = useCallback((cameraId: string, locationId: string, isPlaying: boolean) => {
    setPlaying((m) => {
      if (isPlaying === m.has(cameraId)) return m;
      const next = new Map(m);
      if (isPlaying) next.set(cameraId, locationId);
      else next.delete(cameraId);
      return next;
    });
  }, []);
  // Until the limits are known, nothing starts by itself.
  const autoplay = (locationId: string) => Boolean(logins.data) && (!limited.has(locationId) || visits.has(locationId));
  return (
    <Stack gap="md">
      <div>
        <Title order={1} size="h2">
          {t('cameras:grid.title')}
        </Title>
        <Text c="dimmed">{t('cameras:grid.lead')}</Text>
      </div>
      <LoginsLeft />
      {error ? (
        <Alert color="danger" variant="light" role="alert">
          {t('cameras:loadFailed')}
        </Alert>
      ) : null}
      {fetching && !data ? <Loader role="status" aria-label={t('common:loading')} /> : null}
      {data && tiles.length === 0 ? (
        <Text data-testid="cameras-empty">{t('cameras:grid.empty')}</Text>
      ) : (
        <SimpleGrid cols={list ? 1 : { base: 1, sm: 2, lg: 3 }} spacing="md" data-testid="camera-grid" data-layout={list ? 'list' : 'grid'}>
          {tiles.map((tile) => (
            <CameraTile key={tile.camera.id} tile={tile} autoplay={autoplay(tile.camera.location_id)} onPlaying={onPlaying} />
          ))}
        </SimpleGrid>
      )}
    </Stack>
  );
}
