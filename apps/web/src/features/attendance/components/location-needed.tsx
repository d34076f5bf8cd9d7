import { Alert } from '@mantine/core';
import { useTranslation } from 'react-i18next';

/** Shown while no location is picked in the top bar. */
export function LocationNeeded() {
  const { t } = useTranslation('attendance');
  return (
    <Alert color="primary" variant="light" data-testid="location-needed">
      {t('common.pickLocation')}
    </Alert>
  );
}
