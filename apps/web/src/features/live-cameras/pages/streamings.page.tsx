import { Alert, Card, Loader, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useClient, useQuery } from 'urql';
import { reportMutationError } from '../../../lib/mutation-feedback';
import { showNotice } from '../../../lib/notices';
import { SaveStreamingSettingsMutation } from '../api/save-streaming-settings.mutation';
import { StreamingSettingsQuery } from '../api/streaming-settings.query';
import { StreamsQuery } from '../api/streams.query';
import { StreamingSettingsForm } from '../forms/streaming-settings-form';
import { STREAMING_SETTINGS_FIELDS } from '../forms/streaming-settings-form.schema';
import { useLocationId } from '../hooks/use-location-id';

/** /streamings: the current location's stream, player and stream-mode settings. */
export function StreamingsPage() {
  const { t } = useTranslation(['cameras', 'common']);
  const client = useClient();
  const locationId = useLocationId();
  const [settings] = useQuery({
    query: StreamingSettingsQuery,
    variables: { location_id: locationId ?? '' },
    pause: !locationId,
    requestPolicy: 'network-only',
  });
  const [streams] = useQuery({ query: StreamsQuery, variables: { location_id: locationId, first: 100 }, pause: !locationId });
  const s = settings.data;
  return (
    <Stack gap="md">
      <div>
        <Title order={1} size="h2">
          {t('cameras:streamings.title')}
        </Title>
        <Text c="dimmed">{t('cameras:streamings.lead')}</Text>
      </div>
      {!locationId ? <Alert variant="light">{t('cameras:streamings.pickLocation')}</Alert> : null}
      {settings.error ? (
        <Alert color="danger" variant="light" role="alert">
          {t('cameras:loadFailed')}
        </Alert>
      ) : null}
      {settings.fetching && !s ? <Loader role="status" aria-label={t('common:loading')} /> : null}
      {s && locationId ? (
        <Card withBorder radius="md" padding="lg">
          <StreamingSettingsForm
            key={`${locationId}:${s.getStreamModeSettings.id ?? 'new'}`}
            servers={(streams.data?.getStreams.data ?? []).filter((x) => x.status).map((x) => ({ value: x.id, label: x.name }))}
            defaults={{
              streaming_server_id: s.getStreamSettings.streaming_server_id ?? '',
              watermark: s.getStreamSettings.watermark,
              heartbeat_seconds: s.getStreamSettings.heartbeat_seconds,
              only_checked_in: s.getStreamSettings.only_checked_in,
              width: s.getCameraSettings.width,
              height: s.getCameraSettings.height,
              server: s.getCameraSettings.server ?? '',
              fullscreen: s.getCameraSettings.fullscreen,
              value: s.getStreamModeSettings.value,
              enable_test_mode: s.getStreamModeSettings.enable_test_mode,
            }}
            onSubmit={async (v, setError) => {
              const r = await client
                .mutation(SaveStreamingSettingsMutation, {
                  ...v,
                  location_id: locationId,
                  streaming_server_id: v.streaming_server_id || null,
                  server: v.server,
                })
                .toPromise();
              if (reportMutationError(r.error, t, { setError, fields: STREAMING_SETTINGS_FIELDS })) return;
              if (r.data)
                showNotice(
                  r.data.saveStreamModeSettings.status
                    ? { ...r.data.saveStreamModeSettings, message: t('cameras:streamings.saved') }
                    : r.data.saveStreamModeSettings,
                );
            }}
          />
        </Card>
      ) : null}
    </Stack>
  );
}
