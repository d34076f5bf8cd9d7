import { Alert, Button, Card, Group, Stack, Text, TextInput } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useMutation } from 'urql';
import { formatDateTime } from '../../../lib/format';
import { reportMutationError } from '../../../lib/mutation-feedback';
import { showNotice, type NoticeTriple } from '../../../lib/notices';
import { DeleteCenterDatabaseMutation, DeleteCenterMutation, UndoDeleteCenterMutation } from '../api/center-backups';

export interface DeletionCentre {
  id: string;
  hostname?: string | null;
  slug: string;
  status: string;
  purge_after?: string | null;
  purged_at?: string | null;
  last_drill_passed_at?: string | null;
}

/**
 * The safeguarded delete: what is still missing (suspended, a drill passed in the last 24 h), the
 * typed address, then delete (purge after the grace period) or purge now; undo within the grace period.
 */
export function CentreDeletionCard({ centre, onChanged }: { centre: DeletionCentre; onChanged(): void }) {
  const { t } = useTranslation(['operator', 'common']);
  const [typed, setTyped] = useState('');
  const [del, deleteCenter] = useMutation(DeleteCenterMutation);
  const [undo, undoDelete] = useMutation(UndoDeleteCenterMutation);
  const [purge, purgeNow] = useMutation(DeleteCenterDatabaseMutation);
  const host = centre.hostname ?? centre.slug;
  const drillFresh = Boolean(centre.last_drill_passed_at && Date.now() - Date.parse(centre.last_drill_passed_at) < 86_400_000);
  const after = (err: Parameters<typeof reportMutationError>[0], payload: NoticeTriple | undefined) => {
    if (reportMutationError(err, t) || !payload) return;
    showNotice(payload);
    setTyped('');
    onChanged();
  };
  const deleted = centre.status === 'deleted';
  return (
    <Card withBorder radius="md" padding="lg" data-testid="centre-deletion">
      <Text component="h2" fw={600} mb="sm">
        {t('operator:deletion.title')}
      </Text>
      {centre.purged_at ? (
        <Alert color="gray">{t('operator:deletion.purged', { date: formatDateTime(centre.purged_at) })}</Alert>
      ) : deleted ? (
        <Stack gap="sm">
          <Alert color="danger">{t('operator:deletion.pending', { date: formatDateTime(centre.purge_after) })}</Alert>
          <Group>
            <Button
              variant="light"
              loading={undo.fetching}
              data-testid="undo-delete"
              onClick={async () => {
                const r = await undoDelete({ id: centre.id });
                after(r.error, r.data?.undoDeleteCenter);
              }}
            >
              {t('operator:deletion.undo')}
            </Button>
          </Group>
        </Stack>
      ) : (
        <Stack gap="sm">
          <Text size="sm">{t('operator:deletion.explain')}</Text>
          <Text size="sm" c={centre.status === 'suspended' ? 'success' : 'danger'}>
            {centre.status === 'suspended' ? '✓' : '✗'} {t('operator:deletion.needSuspended')}
          </Text>
          <Text size="sm" c={drillFresh ? 'success' : 'danger'}>
            {drillFresh ? '✓' : '✗'}{' '}
            {t('operator:deletion.needDrill', {
              last: centre.last_drill_passed_at ? formatDateTime(centre.last_drill_passed_at) : t('operator:deletion.never'),
            })}
          </Text>
          <TextInput
            label={t('operator:deletion.typeHost', { host })}
            value={typed}
            onChange={(e) => setTyped(e.currentTarget.value)}
            placeholder={host}
            maw={420}
          />
          <Group gap="sm" wrap="wrap">
            <Button
              color="danger"
              loading={del.fetching}
              disabled={!typed.trim()}
              data-testid="delete-centre"
              onClick={async () => {
                const r = await deleteCenter({ id: centre.id, host: typed });
                after(r.error, r.data?.deleteCenter);
              }}
            >
              {t('operator:deletion.delete')}
            </Button>
            <Button
              color="danger"
              variant="outline"
              loading={purge.fetching}
              disabled={!typed.trim()}
              onClick={async () => {
                const r = await purgeNow({ id: centre.id, host: typed });
                after(r.error, r.data?.deleteCenterDatabase);
              }}
            >
              {t('operator:deletion.purgeNow')}
            </Button>
          </Group>
        </Stack>
      )}
    </Card>
  );
}
