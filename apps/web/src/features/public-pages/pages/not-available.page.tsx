import { Alert, Button, Stack } from '@mantine/core';
import { IconClockHour4 } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link, useMatches } from 'react-router-dom';
import { GuestPage } from '../../../components/guest/guest-page';
import { isRouteHandle } from '../../../lib/route-handle';
import { useShell, useViewer } from '../../../lib/shell-context';

/** A guest page whose feature has not landed yet: says so plainly instead of showing nothing. */
export function NotAvailablePage() {
  const { t } = useTranslation(['pages', 'common']);
  const matches = useMatches();
  const viewer = useViewer();
  const { entryPath } = useShell();
  const handle = matches.map((m) => m.handle).findLast(isRouteHandle);
  const title = handle?.title ? t(handle.title) : t('pages:guestPages.fallbackTitle');
  return (
    <GuestPage title={title}>
      <Alert color="primary" variant="light" icon={<IconClockHour4 aria-hidden />} data-testid="not-available">
        {t('pages:guestPages.notAvailable', { page: title })}
      </Alert>
      <Stack>
        <Button component={Link} to={entryPath(viewer.role)} variant="light" fullWidth>
          {viewer.role === 'guest' ? t('pages:guestPages.toSignIn') : t('pages:guestPages.toDashboard')}
        </Button>
      </Stack>
    </GuestPage>
  );
}
