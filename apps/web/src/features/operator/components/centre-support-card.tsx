import { zodResolver } from '@hookform/resolvers/zod';
import { Alert, Anchor, Button, Card, Group, SimpleGrid, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useForm } from 'react-hook-form';
import { useMutation } from 'urql';
import { z } from '../../../lib/zod';
import { TextField } from '../../../components/form/text-field';
import { formatDateTime } from '../../../lib/format';
import { reportMutationError } from '../../../lib/mutation-feedback';
import { showNotice } from '../../../lib/notices';
import { LoginAsUserMutation } from '../api/login-as-user.mutation';
import { CentreUserPicker } from './centre-user-picker';

const supportSchema = z.object({
  user_id: z.string().min(1, 'operator:validation.user'),
  reason: z.string().trim().min(10, 'operator:validation.reason').max(500, 'common:validation.tooLong'),
});
type SupportValues = z.infer<typeof supportSchema>;

/** "Login as user": an audited, one-hour support session; the returned link opens in a new tab. */
export function CentreSupportCard({ centreId }: { centreId: string }) {
  const { t } = useTranslation(['operator', 'common']);
  const [, loginAsUser] = useMutation(LoginAsUserMutation);
  const [session, setSession] = useState<{ url: string; expiresAt: string | null } | null>(null);
  const { control, handleSubmit, setError, formState } = useForm<SupportValues>({
    resolver: zodResolver(supportSchema),
    defaultValues: { user_id: '', reason: '' },
  });
  return (
    <Card withBorder radius="md" padding="lg" data-testid="centre-support">
      <Text component="h2" fw={600} mb={4}>
        {t('operator:support.title')}
      </Text>
      <Text size="sm" c="dimmed" mb="md">
        {t('operator:support.lead')}
      </Text>
      <form
        noValidate
        aria-label={t('operator:support.title')}
        onSubmit={handleSubmit(async (values) => {
          const result = await loginAsUser({ center_id: centreId, ...values });
          if (reportMutationError(result.error, t, { setError, fields: ['user_id', 'reason'] })) return;
          const payload = result.data?.loginAsUser;
          if (!payload) return;
          showNotice(payload);
          if (payload.status && payload.url) {
            setSession({ url: payload.url, expiresAt: payload.expires_at });
            window.open(payload.url, '_blank', 'noopener,noreferrer');
          }
        })}
      >
        <Stack gap="sm">
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
            <CentreUserPicker centreId={centreId} control={control} />
            <TextField
              control={control}
              name="reason"
              label={t('operator:support.reason')}
              description={t('operator:support.reasonHint')}
              required
            />
          </SimpleGrid>
          <Group justify="flex-end">
            <Button type="submit" loading={formState.isSubmitting} data-testid="login-as-user">
              {t('operator:support.submit')}
            </Button>
          </Group>
        </Stack>
      </form>
      {session ? (
        <Alert color="primary" variant="light" mt="md" role="status">
          <Text size="sm">{t('operator:support.started', { until: formatDateTime(session.expiresAt) })}</Text>
          <Anchor href={session.url} target="_blank" rel="noopener noreferrer" size="sm">
            {t('operator:support.openAgain')}
          </Anchor>
        </Alert>
      ) : null}
    </Card>
  );
}
