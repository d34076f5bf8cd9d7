import { ActionIcon, Badge, Card, Checkbox, Group, Stack, Text, TextInput, Tooltip } from '@mantine/core';
import { IconTrash } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useMutation, useQuery } from 'urql';
import { PAGE_SIZE_DEFAULT, roleAtLeast } from '@kv/shared';
import { confirmDelete } from '../../../components/confirm-delete';
import { DataTable } from '../../../components/data-table/data-table';
import { reportMutationError } from '../../../lib/mutation-feedback';
import { showNotice } from '../../../lib/notices';
import { useViewer } from '../../../lib/shell-context';
import { CheckInSettingsQuery, SaveCheckInSettingsMutation, type SaveCheckInSettingsVars } from '../api/check-in-settings';
import type { HealthQuestionData } from '../api/fragments';
import { DeleteHealthQuestionMutation, HealthQuestionnaireQuery, HealthScreensQuery, SaveHealthQuestionMutation } from '../api/health';
import { LocationNeeded } from '../components/location-needed';
import { PageHead } from '../components/page-head';
import { HealthQuestionForm } from '../forms/health-question-form';
import { useCurrentLocation } from '../hooks/use-current-location';
import { formatInZone, todayInZone } from '../lib/formats';

/** How the location checks children in (managers): health screen, signature, phones, PIN + phone, parents told by. */
function CheckInSettingsCard({ locationId }: { locationId: string }) {
  const { t } = useTranslation(['attendance', 'common']);
  const [{ data }] = useQuery({ query: CheckInSettingsQuery, variables: { location_id: locationId } });
  const [{ fetching }, save] = useMutation(SaveCheckInSettingsMutation);
  const s = data?.getCheckInSettings;
  if (!s) return null;
  const change = async (patch: Omit<SaveCheckInSettingsVars, 'location_id'>) => {
    const result = await save({ location_id: locationId, ...patch });
    if (reportMutationError(result.error, t)) return;
    if (result.data) showNotice(result.data.saveCheckInSettings);
  };
  const box = (key: 'health_screen' | 'signature_required' | 'parent_check_in' | 'require_phone_with_pin') => (
    <Checkbox
      key={key}
      checked={s[key]}
      disabled={fetching}
      label={t(`attendance:settings.${key}`)}
      onChange={(e) => void change({ [key]: e.currentTarget.checked })}
      data-testid={`setting-${key}`}
    />
  );
  const alert = (channel: 'email' | 'sms' | 'app') => (
    <Checkbox
      key={channel}
      checked={s.check_in_parent_alert[channel]}
      disabled={fetching}
      label={t(`attendance:settings.alert.${channel}`)}
      onChange={(e) => void change({ check_in_parent_alert: { [channel]: e.currentTarget.checked } })}
      data-testid={`setting-alert-${channel}`}
    />
  );
  return (
    <Card withBorder radius="md" padding="lg" data-testid="check-in-settings">
      <Text component="h2" fw={600} mb="sm">
        {t('attendance:settings.title')}
      </Text>
      <Stack gap="xs">
        {box('health_screen')}
        {box('signature_required')}
        {box('parent_check_in')}
        {box('require_phone_with_pin')}
        <Text fw={600} size="sm" mt="xs">
          {t('attendance:settings.alert.title')}
        </Text>
        <Group gap="lg">{(['email', 'sms', 'app'] as const).map(alert)}</Group>
      </Stack>
    </Card>
  );
}

/**
 * /attendance/health-screen: the location's health questionnaire (managers keep it; a failed
 * screen blocks the check-in and tells them) and the screens answered on a day.
 */
export function HealthScreenPage() {
  const { t } = useTranslation(['attendance', 'common']);
  const viewer = useViewer();
  const isManager = roleAtLeast(viewer.role, 'manager');
  const location = useCurrentLocation();
  const [date, setDate] = useState<string>('');
  const [onlyFailed, setOnlyFailed] = useState(false);
  const [paging, setPaging] = useState({ page: 1, first: PAGE_SIZE_DEFAULT });
  const day = date || todayInZone(location.timeZone);
  const [questions, refetchQuestions] = useQuery({
    query: HealthQuestionnaireQuery,
    variables: { location_id: location.id ?? '' },
    pause: !location.id,
  });
  const [screens] = useQuery({
    query: HealthScreensQuery,
    variables: { location_id: location.id ?? '', date: day, passed: onlyFailed ? false : null, ...paging },
    pause: !location.id,
  });
  const [, saveQuestion] = useMutation(SaveHealthQuestionMutation);
  const [, deleteQuestion] = useMutation(DeleteHealthQuestionMutation);
  if (!location.id) return <LocationNeeded />;
  const list = questions.data?.getHealthQuestionnaire ?? [];
  const page = screens.data?.getHealthScreens;

  return (
    <Stack gap="md">
      <PageHead title={t('attendance:health.pageTitle')} lead={t('attendance:health.pageLead')} />
      {isManager ? <CheckInSettingsCard locationId={location.id} /> : null}
      <Card withBorder radius="md" padding="lg">
        <Text component="h2" fw={600} mb="sm">
          {t('attendance:health.questionnaire')}
        </Text>
        {isManager ? (
          <div style={{ marginBottom: 16 }}>
            <HealthQuestionForm
              onSubmit={async (values) => {
                const result = await saveQuestion({
                  location_id: location.id,
                  statement: values.statement,
                  pass_answer: values.pass_answer,
                });
                if (result.error) return result.error;
                if (result.data) showNotice(result.data.saveHealthQuestionnaire);
                refetchQuestions({ requestPolicy: 'network-only' });
                return null;
              }}
            />
          </div>
        ) : null}
        <DataTable<HealthQuestionData>
          label={t('attendance:health.questionnaire')}
          rows={list}
          rowKey={(q) => q.id}
          loading={questions.fetching}
          columns={[
            { key: 'statement', header: t('attendance:health.statement') },
            {
              key: 'pass_answer',
              header: t('attendance:health.passAnswer'),
              render: (q) => (q.pass_answer ? t('attendance:health.yes') : t('attendance:health.no')),
            },
            ...(isManager
              ? [
                  {
                    key: 'actions',
                    header: t('shell:table.actions'),
                    sortable: false,
                    searchable: false,
                    render: (q: HealthQuestionData) => (
                      <Tooltip label={t('attendance:health.delete')}>
                        <ActionIcon
                          variant="subtle"
                          color="danger"
                          aria-label={t('attendance:health.deleteNamed', { statement: q.statement })}
                          onClick={() =>
                            confirmDelete(t, q.statement, async () => {
                              const result = await deleteQuestion({ id: q.id });
                              if (reportMutationError(result.error, t)) return false;
                              if (result.data) showNotice(result.data.deleteHealthQuestionnaire);
                              refetchQuestions({ requestPolicy: 'network-only' });
                              return true;
                            })
                          }
                        >
                          <IconTrash size={16} aria-hidden />
                        </ActionIcon>
                      </Tooltip>
                    ),
                  },
                ]
              : []),
          ]}
        />
      </Card>
      <Card withBorder radius="md" padding="lg">
        <Group justify="space-between" mb="sm" wrap="wrap" align="flex-end">
          <Text component="h2" fw={600}>
            {t('attendance:health.screens')}
          </Text>
          <Group gap="sm" align="flex-end">
            <TextInput type="date" label={t('attendance:health.day')} value={day} onChange={(e) => setDate(e.currentTarget.value)} />
            <Checkbox
              label={t('attendance:health.onlyFailed')}
              checked={onlyFailed}
              onChange={(e) => setOnlyFailed(e.currentTarget.checked)}
            />
          </Group>
        </Group>
        <DataTable
          label={t('attendance:health.screens')}
          rows={page?.data ?? []}
          rowKey={(s) => s.id}
          loading={screens.fetching}
          server={{ paginatorInfo: page?.paginatorInfo ?? null, onPage: setPaging }}
          columns={[
            { key: 'name', header: t('attendance:columns.child'), value: (s) => `${s.fname} ${s.lname}` },
            { key: 'created_at', header: t('attendance:columns.when'), render: (s) => formatInZone(s.created_at, location.timeZone) },
            {
              key: 'passed',
              header: t('attendance:health.result'),
              render: (s) => (
                <Badge color={s.passed ? 'success' : 'danger'} variant="light">
                  {t(s.passed ? 'attendance:health.passed' : 'attendance:health.failed')}
                </Badge>
              ),
            },
            {
              key: 'answers',
              header: t('attendance:health.failedAnswers'),
              sortable: false,
              value: (s) =>
                s.answers
                  .filter((a) => !a.passed)
                  .map((a) => a.statement)
                  .join('; '),
            },
          ]}
        />
      </Card>
    </Stack>
  );
}
