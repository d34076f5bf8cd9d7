import { Alert, Loader, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useQuery } from 'urql';
import { CameraGridQuery } from '../api/camera-grid.query';
import { CameraLayoutSettingQuery } from '../api/camera-layout-setting.query';
import { CameraTile } from '../components/camera-tile';
import { LoginsLeft } from '../components/logins-left';

/**
 * /user/students/cameras (and pet centres' /contact/pets/cameras): every camera the viewer may see,
 * live or why not, laid out as the centre's theme settings say (camera_module_setting: grid or list).
 */
export function CameraGridPage() {
  const { t } = useTranslation(['cameras', 'common']);
  const [{ data, fetching, error }] = useQuery({ query: CameraGridQuery, variables: {}, requestPolicy: 'cache-and-network' });
  const [{ data: layout }] = useQuery({ query: CameraLayoutSettingQuery, variables: {} });
  const list = layout?.getThemeSetting.camera_module_setting === 'list';
  const tiles = data?.playCameraGridView.tiles ?? [];
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
      {fetching && !data ? <Loader aria-label={t('common:loading')} /> : null}
      {data && tiles.length === 0 ? (
        <Text data-testid="cameras-empty">{t('cameras:grid.empty')}</Text>
      ) : (
        <SimpleGrid cols={list ? 1 : { base: 1, sm: 2, lg: 3 }} spacing="md" data-testid="camera-grid" data-layout={list ? 'list' : 'grid'}>
          {tiles.map((tile) => (
            <CameraTile key={tile.camera.id} tile={tile} />
          ))}
        </SimpleGrid>
      )}
    </Stack>
  );
}
