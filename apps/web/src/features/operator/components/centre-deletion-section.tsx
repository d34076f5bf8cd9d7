import { Group } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useQuery } from 'urql';
import { AppLink } from '../../../components/app-link';
import { paths } from '../../../lib/paths';
import { CentreDeletionCard } from './centre-deletion-card';
import { CenterDeletionQuery } from '../api/center-backups';


/** The deletion section of /center/:centreId (admin): the safeguards, delete / undo, and the way to backups. */
export function CentreDeletionSection({ centreId, onChanged }: { centreId: string; onChanged(): void }) {
  const { t } = useTranslation('operator');
  const [{ data }, refetch] = useQuery({ query: CenterDeletionQuery, variables: { id: centreId }, requestPolicy: 'network-only' });
  const centre = data?.getCenter;
  return (
    <>
      <Group>
        <AppLink to={paths.centerAws.to({ centreId })} data-testid="open-backups">
          {t('backups.open')}
        </AppLink>
      </Group>
      {centre ? (
        <CentreDeletionCard
          centre={centre}
          onChanged={() => {
            refetch({ requestPolicy: 'network-only' });
            onChanged();
          }}
        />
      ) : null}
    </>
  );
}
