import { Card, Title } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useQuery } from 'urql';
import { PhotosQuery, type PhotoData } from '../api/photos.query';
import { PhotoGrid } from './photo-grid';
import { PhotoViewer } from './photo-viewer';

const LATEST = 6;

/**
 * The parent's /home: the newest approved photos of their children, as far as every tagged child's
 * photo consent allows (the server filters). Nothing is shown before the first photo.
 */
export function LatestPhotos() {
  const { t } = useTranslation('photos');
  const [viewing, setViewing] = useState<PhotoData | null>(null);
  const [{ data, fetching }] = useQuery({ query: PhotosQuery, variables: { album: 'students', page: 1, first: LATEST } });
  const photos = data?.getPhotos.data ?? [];
  if (!fetching && photos.length === 0) return null;
  return (
    <Card withBorder radius="md" padding="lg" data-testid="latest-photos">
      <Title order={2} size="h4" mb="sm">
        {t('home.title')}
      </Title>
      <PhotoGrid photos={photos} loading={fetching} onOpen={setViewing} testId="latest-photos-grid" />
      <PhotoViewer photo={viewing} onClose={() => setViewing(null)} />
    </Card>
  );
}
