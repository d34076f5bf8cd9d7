import { Alert, Anchor, Button, Card, Stack, Text } from '@mantine/core';
import { modals } from '@mantine/modals';
import { IconMaximize, IconRefresh } from '@tabler/icons-react';
import { useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { useMutation } from 'urql';
import { QrCode } from '../../../components/qr-code';
import { hasErrorCode } from '../../../lib/graphql-errors';
import { reportMutationError } from '../../../lib/mutation-feedback';
import { showNotice } from '../../../lib/notices';
import { paths } from '../../../lib/paths';
import { ResetCheckInQrCodeMutation } from '../api/check-in-qr';
import { LocationNeeded } from '../components/location-needed';
import { PageHead } from '../components/page-head';
import { useCurrentLocation } from '../hooks/use-current-location';
import { useRotatingQr } from '../hooks/use-rotating-qr';
import { formatTimeInZone } from '../lib/formats';

/**
 * /attendance/check-in-qr: the location's rotating check-in QR code, for a tablet or screen at the
 * entrance. Parents scan it and check their children in or out on their own phone
 * (/user/students/check-in-or-out?code=…). A manager may reset it: every earlier code stops working.
 */
export function CheckInQrPage() {
  const { t } = useTranslation(['attendance', 'common']);
  const location = useCurrentLocation();
  const { qr, error, refresh } = useRotatingQr(location.id);
  const [reset, resetCode] = useMutation(ResetCheckInQrCodeMutation);
  const screen = useRef<HTMLDivElement>(null);

  function confirmReset() {
    modals.openConfirmModal({
      title: t('attendance:qr.resetTitle'),
      centered: true,
      children: <Text size="sm">{t('attendance:qr.resetText')}</Text>,
      labels: { confirm: t('attendance:qr.resetConfirm'), cancel: t('common:actions.cancel') },
      confirmProps: { color: 'danger', 'data-testid': 'qr-reset-confirm' } as Record<string, string>,
      onConfirm: async () => {
        const result = await resetCode({ location_id: location.id ?? '' });
        if (reportMutationError(result.error, t)) return;
        if (result.data) showNotice(result.data.resetCheckInQrCode);
        refresh();
      },
    });
  }

  if (!location.id) return <LocationNeeded />;
  const off = hasErrorCode(error, 'ATTENDANCE_QR_OFF');
  return (
    <Stack gap="md">
      <PageHead
        title={t('attendance:qr.title')}
        lead={t('attendance:qr.lead', { location: location.name })}
        actions={
          qr ? (
            <>
              <Button
                variant="default"
                leftSection={<IconMaximize size={16} aria-hidden />}
                onClick={() => void screen.current?.requestFullscreen?.().catch(() => undefined)}
              >
                {t('attendance:qr.fullScreen')}
              </Button>
              <Button
                variant="light"
                color="danger"
                leftSection={<IconRefresh size={16} aria-hidden />}
                loading={reset.fetching}
                onClick={confirmReset}
                data-testid="qr-reset"
              >
                {t('attendance:qr.reset')}
              </Button>
            </>
          ) : null
        }
      />
      {off ? (
        <Alert color="primary" variant="light" data-testid="qr-off">
          <Text size="sm">{t('attendance:qr.off')}</Text>
          <Anchor component={Link} to={paths.locationSettings.to({ locationId: location.id })} size="sm">
            {t('attendance:qr.turnOn')}
          </Anchor>
        </Alert>
      ) : error ? (
        <Alert color="danger" variant="light" role="alert">
          {t('attendance:common.loadFailed')}
        </Alert>
      ) : null}
      {qr ? (
        <Card withBorder radius="md" padding="xl" ref={screen} data-testid="qr-panel" data-code={qr.code}>
          <Stack align="center" gap="md">
            <Text fw={700} size="xl" ta="center">
              {t('attendance:qr.scan')}
            </Text>
            <QrCode value={qr.url} label={t('attendance:qr.alt', { location: location.name })} size={320} />
            <Text c="dimmed" ta="center" data-testid="qr-expires">
              {qr.expires_at
                ? t('attendance:qr.changesAt', { time: formatTimeInZone(qr.expires_at, location.timeZone) })
                : t('attendance:qr.static')}
            </Text>
          </Stack>
        </Card>
      ) : null}
    </Stack>
  );
}
