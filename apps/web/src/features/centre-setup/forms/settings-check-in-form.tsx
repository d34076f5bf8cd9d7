import { Alert, Anchor, Button, Group, Select, Stack, Switch, Text } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { useMutation } from 'urql';
import { DateTimeText } from '../../../components/formatted';
import { QrCode } from '../../../components/qr-code';
import { paths } from '../../../lib/paths';
import type { LocationData, LocationSettingData } from '../api/fragments';
import { GenerateLocationQrMutation, SaveCheckInQrSettingMutation } from '../api/locations.mutation';
import { useFinish } from '../hooks/use-finish';
import { SaveRow, SETTINGS_CONTEXT, SettingsSection } from './settings-section';

const QR_EXPIRY = ['1h', '12h', '24h', '7d', '30d'] as const;

/** The check-in tab: QR check-in and the location's time clock QR code. */
export function CheckInForm({ setting, location }: { setting: LocationSettingData; location: LocationData }) {
  const { t } = useTranslation(['setup', 'common']);
  const finish = useFinish();
  const [, save] = useMutation(SaveCheckInQrSettingMutation);
  const [, generate] = useMutation(GenerateLocationQrMutation);
  const [enabled, setEnabled] = useState(setting.check_in_qr);
  const [expire, setExpire] = useState(setting.check_in_qr_expire ?? '24h');
  const [busy, setBusy] = useState(false);
  const [qr, setQr] = useState<{ url: string } | null>(null);
  return (
    <Stack>
      <SettingsSection title={t('setup:settings.tabs.check-in')} lead={t('setup:settings.checkInLead')}>
        <form
          noValidate
          aria-label={t('setup:settings.tabs.check-in')}
          onSubmit={async (e) => {
            e.preventDefault();
            setBusy(true);
            const r = await save({ location_id: setting.location_id, check_in_qr: enabled, check_in_qr_expire: expire || null });
            setBusy(false);
            finish(r.error, r.data?.saveCheckInQrSetting);
          }}
        >
          <Stack gap="sm">
            <Switch label={t('setup:settings.checkInQr')} checked={enabled} onChange={(e) => setEnabled(e.currentTarget.checked)} />
            <Select
              label={t('setup:settings.qrExpire')}
              data={[...new Set([...QR_EXPIRY, expire])].map((v) => ({
                value: v,
                label: t(`setup:settings.expire.${v}`, { defaultValue: v }),
              }))}
              value={expire}
              onChange={(v) => setExpire(v ?? '24h')}
              allowDeselect={false}
              comboboxProps={{ withinPortal: true }}
              w={{ base: '100%', sm: 240 }}
            />
            <SaveRow busy={busy} />
            <Text size="sm">
              {t('setup:settings.checkInQrPanelLead')}{' '}
              <Anchor component={Link} to={paths.attendanceCheckInQr.to()} data-testid="check-in-qr-panel-link">
                {t('setup:settings.checkInQrPanel')}
              </Anchor>
            </Text>
          </Stack>
        </form>
      </SettingsSection>
      <SettingsSection title={t('setup:settings.qrTitle')} lead={t('setup:settings.qrLead')}>
        <Stack gap="sm">
          <Text size="sm">
            {t('setup:settings.qrGeneratedAt')}{' '}
            {location.qr_generated_at ? <DateTimeText value={location.qr_generated_at} /> : t('setup:settings.never')}
          </Text>
          {qr ? (
            <Alert color="success" variant="light" data-testid="qr-link">
              <Text size="sm">{t('setup:settings.qrLink')}</Text>
              <Anchor href={qr.url} size="sm" style={{ wordBreak: 'break-all' }}>
                {qr.url}
              </Anchor>
              <QrCode
                value={qr.url}
                label={t('setup:settings.qrAlt')}
                downloadLabel={t('setup:settings.qrDownload')}
                fileName={`time-clock-qr-${location.id}`}
              />
            </Alert>
          ) : null}
          <Group>
            <Button
              variant="light"
              onClick={async () => {
                const r = await generate({ location_id: location.id }, SETTINGS_CONTEXT);
                const done = finish(r.error, r.data?.generateLocationQr);
                if (done) setQr({ url: done.url });
              }}
              data-testid="generate-qr"
            >
              {t('setup:settings.generateQr')}
            </Button>
          </Group>
        </Stack>
      </SettingsSection>
    </Stack>
  );
}
