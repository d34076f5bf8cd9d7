import { Button, Card, Stack, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { useMutation } from 'urql';
import { reportMutationError } from '../../../lib/mutation-feedback';
import { showNotice } from '../../../lib/notices';
import { paths } from '../../../lib/paths';
import { AddCenterMutation } from '../api/add-center.mutation';
import type { CenterData } from '../api/center.fragment';
import { ProvisioningProgress } from '../components/provisioning-progress';
import { ADD_CENTRE_FIELDS } from '../forms/add-centre-form.schema';
import { AddCentreForm } from '../forms/add-centre-form';

/** /centers-list/new: creates a centre, then follows its provisioning live. */
export function CentreNewPage() {
  const { t } = useTranslation(['operator', 'common']);
  const [, addCenter] = useMutation(AddCenterMutation);
  const [created, setCreated] = useState<CenterData | null>(null);
  const [finished, setFinished] = useState<string | null>(null);
  return (
    <Stack gap="md">
      <div>
        <Title order={1} size="h2">
          {t('operator:addCentre.title')}
        </Title>
        <Text c="dimmed">{t('operator:addCentre.lead')}</Text>
      </div>
      <Card withBorder radius="md" padding="lg">
        {created ? (
          <Stack gap="md">
            <Text fw={600}>{t('operator:addCentre.provisioning', { name: created.name })}</Text>
            <ProvisioningProgress centreId={created.id} onFinished={setFinished} />
            {finished ? (
              <Button component={Link} to={paths.center.to({ centreId: created.id })} data-testid="open-centre">
                {t('operator:addCentre.openCentre')}
              </Button>
            ) : null}
          </Stack>
        ) : (
          <AddCentreForm
            onSubmit={async (values, setError) => {
              const result = await addCenter({ ...values, trial_days: values.on_trial ? values.trial_days : null });
              if (reportMutationError(result.error, t, { setError, fields: ADD_CENTRE_FIELDS })) return;
              const payload = result.data?.addCenter;
              if (!payload) return;
              showNotice(payload);
              if (payload.status && payload.center) setCreated(payload.center);
            }}
          />
        )}
      </Card>
    </Stack>
  );
}
