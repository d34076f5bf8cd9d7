import { Alert, Anchor, Button, Card, Grid, Group, Loader, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router-dom';
import { useQuery } from 'urql';
import { roleAtLeast } from '@kv/shared';
import { EmailText } from '../../../components/formatted';
import { formatDateTime } from '../../../lib/format';
import { useViewer } from '../../../lib/shell-context';
import { CenterQuery } from '../api/center.query';
import { CentreDomainsCard } from '../components/centre-domains-card';
import { CentreParkedEventsCard } from '../components/centre-parked-events-card';
import { CentrePlanCard } from '../components/centre-plan-card';
import { CentreMigrationCard } from '../components/centre-migration-card';
import { CentreSupportCard } from '../components/centre-support-card';
import { CentreStatisticsCard } from '../components/centre-statistics-card';
import { Fact } from '../components/figures';
import { CentreTrialCard } from '../components/centre-trial-card';
import { CentreDeletionSection } from '../components/centre-deletion-section';
import { ProvisioningProgress } from '../components/provisioning-progress';
import { StatusBadge } from '../components/status-badge';
import { useCentreActions } from '../hooks/use-centre-actions';

/** /center/:centreId: one centre's lifecycle, trial, domains, migrations and support access. */
export function CentreDetailPage() {
  const { t } = useTranslation(['operator', 'common']);
  const { centreId = '' } = useParams();
  const viewer = useViewer();
  const isAdmin = roleAtLeast(viewer.role, 'admin');
  const [{ data, fetching, error }, refetch] = useQuery({
    query: CenterQuery,
    variables: { id: centreId },
    requestPolicy: 'cache-and-network',
  });
  const actions = useCentreActions(centreId);
  const reload = useCallback(() => refetch({ requestPolicy: 'network-only' }), [refetch]);
  const centre = data?.getCenter;

  if (fetching && !data) return <Loader role="status" aria-label={t('common:loading')} />;
  if (error || !centre) {
    return (
      <Alert color="danger" variant="light" role="alert">
        {error ? t('operator:centre.loadFailed') : t('operator:centre.notFound')}
      </Alert>
    );
  }

  return (
    <Stack gap="md" data-testid="centre-detail">
      <Group justify="space-between" wrap="wrap" gap="sm">
        <div>
          <Group gap="sm">
            <Title order={1} size="h2">
              {centre.name}
            </Title>
            <StatusBadge status={centre.status} />
          </Group>
          {centre.url ? (
            <Anchor href={centre.url} target="_blank" rel="noopener noreferrer" size="sm">
              {centre.url}
            </Anchor>
          ) : null}
        </div>
        {isAdmin ? (
          <Group gap="xs">
            {centre.status === 'active' ? (
              <Button
                color="warning"
                variant="light"
                loading={actions.busy}
                onClick={async () => (await actions.suspend()) && reload()}
                data-testid="suspend-centre"
              >
                {t('operator:centre.suspend')}
              </Button>
            ) : null}
            {centre.status === 'suspended' ? (
              <Button
                color="success"
                loading={actions.busy}
                onClick={async () => (await actions.activate()) && reload()}
                data-testid="activate-centre"
              >
                {t('operator:centre.activate')}
              </Button>
            ) : null}
          </Group>
        ) : null}
      </Group>

      {centre.status === 'provisioning' || centre.status === 'failed' ? (
        <Card withBorder radius="md" padding="lg">
          <Text component="h2" fw={600} mb="sm">
            {t('operator:provisioning.title')}
          </Text>
          <ProvisioningProgress centreId={centre.id} onFinished={reload} />
        </Card>
      ) : null}

      <Card withBorder radius="md" padding="lg">
        <Text component="h2" fw={600} mb="sm">
          {t('operator:centre.details')}
        </Text>
        <SimpleGrid cols={{ base: 1, xs: 2, md: 4 }} spacing="md">
          <Fact label={t('operator:centres.slug')}>{centre.slug}</Fact>
          <Fact label={t('operator:centres.kind')}>{t(`operator:kinds.${centre.kind}`, { defaultValue: centre.kind })}</Fact>
          <Fact label={t('operator:addCentre.languagePack')}>
            {t(`operator:packs.${centre.language_pack}`, { defaultValue: centre.language_pack })}
          </Fact>
          <Fact label={t('operator:centre.hostname')}>{centre.hostname ?? '—'}</Fact>
          <Fact label={t('operator:addCentre.contactEmail')}>
            <EmailText value={centre.contact_email} />
          </Fact>
          <Fact label={t('operator:centre.owner')}>{[centre.owner_fname, centre.owner_lname].filter(Boolean).join(' ') || '—'}</Fact>
          <Fact label={t('operator:centre.database')}>{centre.database_name ?? '—'}</Fact>
          <Fact label={t('operator:centre.baseUrl')} testId="centre-base-url">
            {centre.base_url}
          </Fact>
          <Fact label={t('operator:centre.added')}>
            {[centre.added_by, formatDateTime(centre.added_at)].filter(Boolean).join(' · ') || '—'}
          </Fact>
        </SimpleGrid>
      </Card>

      <Grid gutter="md">
        <Grid.Col span={{ base: 12, lg: 6 }}>
          <CentreTrialCard
            centre={centre}
            canEdit={isAdmin}
            onExtend={async (days) => (await actions.extendTrial(days)) && (reload(), true)}
          />
        </Grid.Col>
        <Grid.Col span={{ base: 12, lg: 6 }}>
          <CentreMigrationCard centre={centre} canRun={isAdmin} />
        </Grid.Col>
      </Grid>
      {isAdmin && centre.status !== 'provisioning' && centre.status !== 'failed' ? <CentrePlanCard centreId={centre.id} /> : null}
      <CentreDomainsCard centreId={centre.id} domains={data?.getServerDomains ?? []} canEdit={isAdmin} onChanged={reload} />
      {isAdmin ? <CentreStatisticsCard centreId={centre.id} /> : null}
      {centre.status === 'active' ? <CentreSupportCard centreId={centre.id} isAdmin={isAdmin} /> : null}
      {centre.status === 'active' ? <CentreParkedEventsCard centreId={centre.id} /> : null}
      {isAdmin ? <CentreDeletionSection centreId={centre.id} onChanged={reload} /> : null}
    </Stack>
  );
}
