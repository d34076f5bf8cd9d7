import { Alert, Button, Card, Group, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { useMutation } from 'urql';
import { reportMutationError } from '../../../lib/mutation-feedback';
import { showNotice } from '../../../lib/notices';
import { paths } from '../../../lib/paths';
import type { CenterData } from '../api/center.fragment';
import { RunTenantMigrationsMutation } from '../api/run-tenant-migrations.mutation';
import { StatusBadge } from './status-badge';

/** The centre's schema version and last migration outcome; admins migrate this one centre (or dry-run it). */
export function CentreMigrationCard({ centre, canRun }: { centre: CenterData; canRun: boolean }) {
  const { t } = useTranslation(['operator', 'common']);
  const navigate = useNavigate();
  const [{ fetching }, run] = useMutation(RunTenantMigrationsMutation);
  async function start(dryRun: boolean) {
    const result = await run({ dry_run: dryRun, center_id: centre.id });
    if (reportMutationError(result.error, t)) return;
    const payload = result.data?.runTenantMigrations;
    if (!payload) return;
    showNotice(payload);
    if (payload.run) navigate(paths.migrationRun.to({ runId: payload.run.id }));
  }
  return (
    <Card withBorder radius="md" padding="lg" data-testid="centre-migration">
      <Text component="h2" fw={600} mb="sm">
        {t('operator:migrations.centreTitle')}
      </Text>
      <Group gap="sm" mb="sm">
        <Text size="sm">{t('operator:migrations.schemaVersion')}</Text>
        <Text size="sm" ff="monospace" fw={600}>
          {centre.schema_version ?? '—'}
        </Text>
        <StatusBadge status={centre.migration_status} />
      </Group>
      {centre.migration_error ? (
        <Alert color="danger" variant="light" mb="sm">
          {centre.migration_error}
        </Alert>
      ) : null}
      {canRun ? (
        <Group gap="sm">
          <Button variant="light" loading={fetching} onClick={() => void start(true)} data-testid="centre-migrate-dry">
            {t('operator:migrations.dryRun')}
          </Button>
          <Button loading={fetching} onClick={() => void start(false)} data-testid="centre-migrate">
            {t('operator:migrations.runOne')}
          </Button>
        </Group>
      ) : null}
    </Card>
  );
}
