import { Alert, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useQuery } from 'urql';
import { RemainingLoginsQuery } from '../api/remaining-logins.query';

/** The viewer's camera logins left today (one line per location with a limit). */
export function LoginsLeft({ locationId }: { locationId?: string | null }) {
  const { t } = useTranslation('cameras');
  const [{ data }] = useQuery({
    query: RemainingLoginsQuery,
    variables: { location_id: locationId ?? null },
    requestPolicy: 'cache-and-network',
  });
  const limited = (data?.checkRemainingLogins ?? []).filter((l) => l.enabled && l.limit !== null);
  if (!data) return null;
  if (limited.length === 0)
    return (
      <Text size="sm" c="dimmed" data-testid="logins-left">
        {t('cameras:logins.unlimited')}
      </Text>
    );
  return (
    <>
      {limited.map((l) => (
        <Alert key={l.location_id} variant="light" color={l.remaining === 0 ? 'warning' : 'primary'} data-testid="logins-left" p="xs">
          {t('cameras:logins.left', { remaining: l.remaining ?? 0, limit: l.limit ?? 0 })}
        </Alert>
      ))}
    </>
  );
}
