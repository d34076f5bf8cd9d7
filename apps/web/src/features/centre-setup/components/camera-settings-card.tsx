import { Button, Card, Group, NumberInput, Select, SimpleGrid, Stack, Switch, Text, TextInput } from '@mantine/core';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useMutation, useQuery } from 'urql';
import { SaveCameraSettingsMutation, SaveStreamModeMutation } from '../api/cameras.mutation';
import { CameraSettingsQuery } from '../api/cameras.query';
import { useFinish } from '../hooks/use-finish';

const STREAM_MODES = ['hls', 'webrtc'] as const;

/** A location's camera player settings (width, height, server, full screen) and stream mode. */
export function CameraSettingsCard({ locationId }: { locationId: string }) {
  const { t } = useTranslation(['setup', 'common']);
  const finish = useFinish();
  const [{ data }] = useQuery({ query: CameraSettingsQuery, variables: { location_id: locationId }, requestPolicy: 'cache-and-network' });
  const [, saveSettings] = useMutation(SaveCameraSettingsMutation);
  const [, saveMode] = useMutation(SaveStreamModeMutation);
  const [width, setWidth] = useState<number | ''>('');
  const [height, setHeight] = useState<number | ''>('');
  const [server, setServer] = useState('');
  const [fullscreen, setFullscreen] = useState(false);
  const [mode, setMode] = useState<string>('hls');
  const [testMode, setTestMode] = useState(false);
  const [errors, setErrors] = useState<{ width?: string; height?: string; server?: string }>({});

  useEffect(() => {
    if (!data) return;
    setWidth(data.getCameraSettings.width);
    setHeight(data.getCameraSettings.height);
    setServer(data.getCameraSettings.server ?? '');
    setFullscreen(data.getCameraSettings.fullscreen);
    setMode(data.getStreamModeSettings.value);
    setTestMode(data.getStreamModeSettings.enable_test_mode);
  }, [data]);

  async function submit() {
    const e: typeof errors = {};
    if (width === '' || width < 100 || width > 4000) e.width = t('setup:validation.pixels');
    if (height === '' || height < 100 || height > 4000) e.height = t('setup:validation.pixels');
    if (server && !/^(https?|rtmp|rtsp|wss?):\/\/\S+$/i.test(server)) e.server = t('setup:validation.url');
    setErrors(e);
    if (Object.keys(e).length) return;
    const fields = ['width', 'height', 'server'] as const;
    const r = await saveSettings({
      location_id: locationId,
      width: Number(width),
      height: Number(height),
      server: server || null,
      fullscreen,
    });
    if (!finish(r.error, r.data?.saveCameraSettings, { setError: (f, v) => setErrors((o) => ({ ...o, [f]: v.message })), fields })) return;
    const m = await saveMode({ location_id: locationId, value: mode, enable_test_mode: testMode });
    finish(m.error, m.data?.saveStreamModeSettings);
  }

  return (
    <Card withBorder radius="md" padding="lg">
      <Text component="h2" fw={600} mb="sm">
        {t('setup:cameraSettings.title')}
      </Text>
      <form
        noValidate
        aria-label={t('setup:cameraSettings.title')}
        onSubmit={(e) => {
          e.preventDefault();
          void submit();
        }}
      >
        <Stack gap="sm">
          <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="sm">
            <NumberInput
              label={t('setup:cameraSettings.width')}
              value={width}
              onChange={(v) => setWidth(typeof v === 'number' ? v : '')}
              withAsterisk
              error={errors.width}
              allowDecimal={false}
            />
            <NumberInput
              label={t('setup:cameraSettings.height')}
              value={height}
              onChange={(v) => setHeight(typeof v === 'number' ? v : '')}
              withAsterisk
              error={errors.height}
              allowDecimal={false}
            />
            <TextInput
              label={t('setup:cameraSettings.server')}
              value={server}
              onChange={(e) => setServer(e.currentTarget.value)}
              error={errors.server}
            />
          </SimpleGrid>
          <Switch
            label={t('setup:cameraSettings.fullscreen')}
            checked={fullscreen}
            onChange={(e) => setFullscreen(e.currentTarget.checked)}
          />
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
            <Select
              label={t('setup:cameraSettings.streamMode')}
              data={[...new Set([...STREAM_MODES, mode])].map((m) => ({ value: m, label: m.toUpperCase() }))}
              value={mode}
              onChange={(v) => setMode(v ?? 'hls')}
              allowDeselect={false}
              comboboxProps={{ withinPortal: true }}
            />
            <Switch
              mt="md"
              label={t('setup:cameraSettings.testMode')}
              checked={testMode}
              onChange={(e) => setTestMode(e.currentTarget.checked)}
            />
          </SimpleGrid>
          <Group justify="flex-end">
            <Button type="submit">{t('setup:actions.save')}</Button>
          </Group>
        </Stack>
      </form>
    </Card>
  );
}
