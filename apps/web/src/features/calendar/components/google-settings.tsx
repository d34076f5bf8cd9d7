import { Alert, Badge, Button, Group, Modal, Stack, Table, Text } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useClient, useMutation } from 'urql';
import { DisconnectGoogleMutation, GoogleAuthUrlQuery } from '../api/google';

export interface GoogleCalendarRow {
  id: string;
  name: string;
  google_status?: string | null;
}

/**
 * The calendar settings' Google part (managers): each calendar's link to Google Calendar and a
 * "Connect Google Calendar" button, which sends the browser to Google's consent (it comes back
 * through /oauth2callback on the platform host to /googleInt here). A calendar whose access Google
 * revoked shows "Reconnect".
 */
export function GoogleSettings({ calendars, onChanged }: { calendars: readonly GoogleCalendarRow[]; onChanged: () => void }) {
  const { t } = useTranslation('calendar');
  const client = useClient();
  const [opened, setOpened] = useState(false);
  const [busy, setBusy] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [, disconnect] = useMutation(DisconnectGoogleMutation);
  const connect = async (calendar: string) => {
    setBusy(calendar);
    setError(null);
    const r = await client.query(GoogleAuthUrlQuery, { calendar }, { requestPolicy: 'network-only' }).toPromise();
    const url = r.data?.getGoogleCalendarAuthUrl;
    if (url) window.location.assign(url);
    else {
      setBusy(null);
      setError(r.error?.graphQLErrors[0]?.message ?? t('google.failed'));
    }
  };
  const unlink = async (calendar: string) => {
    setBusy(calendar);
    const r = await disconnect({ calendar });
    setBusy(null);
    if (r.error) setError(r.error.graphQLErrors[0]?.message ?? t('google.failed'));
    else onChanged();
  };
  return (
    <>
      <Button size="xs" variant="light" onClick={() => setOpened(true)} data-testid="calendar-settings">
        {t('google.settings')}
      </Button>
      <Modal
        opened={opened}
        onClose={() => setOpened(false)}
        title={t('google.settings')}
        size="lg"
        closeButtonProps={{ 'aria-label': t('common:actions.close') }}
      >
        <Stack gap="sm" data-testid="google-settings">
          <Text size="sm">{t('google.lead')}</Text>
          {error ? (
            <Alert color="danger" variant="light" role="alert">
              {error}
            </Alert>
          ) : null}
          {calendars.length ? (
            <Table.ScrollContainer minWidth={320}>
              <Table>
                <Table.Tbody>
                  {calendars.map((c) => (
                    <Table.Tr key={c.id} data-testid={`google-calendar-${c.id}`}>
                      <Table.Td>{c.name}</Table.Td>
                      <Table.Td>
                        <Badge
                          variant="light"
                          color={c.google_status === 'connected' ? 'primary' : c.google_status === 'reconnect' ? 'danger' : 'gray'}
                          data-testid="google-status"
                        >
                          {t(`google.status.${c.google_status ?? 'none'}`)}
                        </Badge>
                      </Table.Td>
                      <Table.Td>
                        <Group gap="xs" justify="flex-end" wrap="wrap">
                          {c.google_status !== 'connected' ? (
                            <Button size="xs" loading={busy === c.id} onClick={() => void connect(c.id)} data-testid="google-connect">
                              {c.google_status === 'reconnect' ? t('google.reconnect') : t('google.connect')}
                            </Button>
                          ) : null}
                          {c.google_status ? (
                            <Button size="xs" variant="subtle" color="danger" loading={busy === c.id} onClick={() => void unlink(c.id)}>
                              {t('google.disconnect')}
                            </Button>
                          ) : null}
                        </Group>
                      </Table.Td>
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            </Table.ScrollContainer>
          ) : (
            <Text c="dimmed">{t('empty')}</Text>
          )}
        </Stack>
      </Modal>
    </>
  );
}
