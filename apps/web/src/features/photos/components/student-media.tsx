import { Card, Stack, Title } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useQuery } from 'urql';
import { PhotosQuery, type PhotoData } from '../api/photos.query';
import { PhotoConsentCard } from './photo-consent-card';
import { PhotoGrid } from './photo-grid';
import { PhotoViewer } from './photo-viewer';

const PAGE_SIZE = 12;

export interface StudentMediaProps {
  studentId: string;
  /** Who may change the consent here: a legal guardian, a manager recording a paper form, or nobody (read only). */
  consentBy: 'guardian' | 'paper_form' | null;
}

/**
 * On a child's (pet's) profile: the photo consent and the child's photos. Families get the approved
 * photos every tagged child's consent allows (the server filters); staff see the child's album.
 */
export function StudentMedia({ studentId, consentBy }: StudentMediaProps) {
  const { t } = useTranslation('photos');
  const [page, setPage] = useState(1);
  const [viewing, setViewing] = useState<PhotoData | null>(null);
  const [{ data, fetching }, refetch] = useQuery({
    query: PhotosQuery,
    variables: { album: 'students', student: studentId, page, first: PAGE_SIZE },
  });
  const result = data?.getPhotos;
  return (
    <Stack gap="md" data-testid="student-media">
      <PhotoConsentCard studentId={studentId} recordAs={consentBy} onSaved={() => refetch({ requestPolicy: 'network-only' })} />
      <Card withBorder radius="md" padding="lg">
        <Title order={2} size="h4" mb="sm">
          {t('child.title')}
        </Title>
        <PhotoGrid
          photos={result?.data ?? []}
          loading={fetching}
          onOpen={setViewing}
          testId="student-photos"
          page={result ? { current: result.paginatorInfo.currentPage, last: result.paginatorInfo.lastPage, onChange: setPage } : undefined}
        />
      </Card>
      <PhotoViewer photo={viewing} onClose={() => setViewing(null)} />
    </Stack>
  );
}
