import { Alert, Button, Group, Progress, Stack, Text } from '@mantine/core';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useMutation, useQuery } from 'urql';
import { reportMutationError } from '../../../lib/mutation-feedback';
import { showNotice } from '../../../lib/notices';
import { CenterProvisioningQuery } from '../api/center-provisioning.query';
import { RetryProvisioningMutation } from '../api/center-lifecycle.mutation';
import { StatusBadge } from './status-badge';

const POLL_MS = 1500;
const FINISHED = ['active', 'failed', 'suspended', 'deleted'];

/** Live provisioning progress of a centre, polled until it is active or has failed. */
export function ProvisioningProgress({ centreId, onFinished }: { centreId: string; onFinished?(status: string): void }) {
  const { t } = useTranslation(['operator', 'common']);
  const [{ data, error }, refetch] = useQuery({
    query: CenterProvisioningQuery,
    variables: { id: centreId },
    requestPolicy: 'network-only',
  });
  const [{ fetching: retrying }, retry] = useMutation(RetryProvisioningMutation);
  const state = data?.centerProvisioning;
  const finished = state ? FINISHED.includes(state.status) : false;

  useEffect(() => {
    if (finished || error) return;
    const timer = setTimeout(() => refetch({ requestPolicy: 'network-only' }), POLL_MS);
    return () => clearTimeout(timer);
  }, [data, finished, error, refetch]);

  useEffect(() => {
    if (finished && state) onFinished?.(state.status);
  }, [finished, state?.status]);

  if (!state) return null;
  return (
    <Stack gap="xs" data-testid="provisioning-progress" data-status={state.status}>
      <Group justify="space-between">
        <Text size="sm" fw={500}>
          {state.step ? t(`operator:provisioning.steps.${state.step}`, { defaultValue: state.step }) : t('operator:provisioning.waiting')}
        </Text>
        <StatusBadge status={state.status} />
      </Group>
      <Progress
        value={state.progress}
        animated={!finished}
        color={state.status === 'failed' ? 'danger' : state.status === 'active' ? 'success' : 'primary'}
        aria-label={t('operator:provisioning.progress', { progress: state.progress })}
      />
      <Text size="xs" c="dimmed">
        {t('operator:provisioning.progress', { progress: state.progress })}
      </Text>
      {state.status === 'failed' ? (
        <Alert color="danger" variant="light" role="alert">
          <Stack gap="xs" align="flex-start">
            <Text size="sm">{state.error ?? t('operator:provisioning.failed')}</Text>
            <Button
              size="compact-sm"
              loading={retrying}
              onClick={async () => {
                const result = await retry({ id: centreId });
                if (reportMutationError(result.error, t)) return;
                if (result.data) showNotice(result.data.retryProvisioning);
                refetch({ requestPolicy: 'network-only' });
              }}
            >
              {t('operator:provisioning.retry')}
            </Button>
          </Stack>
        </Alert>
      ) : null}
    </Stack>
  );
}
