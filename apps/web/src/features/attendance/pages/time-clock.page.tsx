import { Alert, Button, Chip, Group, Loader, Portal, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router-dom';
import { useMutation, useQuery } from 'urql';
import { fieldErrors } from '../../../lib/graphql-errors';
import { SignTimeclockMutation, TimeclockLocationQuery, type TeamAction } from '../api/team';
import classes from '../components/attendance.module.css';
import { PinPad } from '../components/pin-pad';
import { newRequestId } from '../lib/request-id';

const RESET_MS = 5000;
const ACTIONS: { action: TeamAction; key: string; color?: string }[] = [
  { action: 'check_in', key: 'timeclock.clockIn' },
  { action: 'check_out', key: 'timeclock.clockOut', color: 'gray' },
  { action: 'break_start', key: 'timeclock.breakStart', color: 'warning' },
  { action: 'break_end', key: 'timeclock.breakEnd', color: 'success' },
];

/**
 * /time-clock-page/:location — opened from the time clock QR code on a phone or a tablet, without
 * signing in: the link's token says the location, the staff member's PIN says who. Pick a room
 * (for clock-in and room moves), then clock in, out, or take a break.
 */
export function TimeClockPage() {
  const { t } = useTranslation(['attendance', 'common']);
  const token = useParams().location ?? '';
  const [{ data, fetching, error }] = useQuery({ query: TimeclockLocationQuery, variables: { token }, pause: !token });
  const [{ fetching: signing }, sign] = useMutation(SignTimeclockMutation);
  const [pin, setPin] = useState('');
  const [room, setRoom] = useState<string | null>(null);
  const [message, setMessage] = useState<{ ok: boolean; text: string } | null>(null);
  const [requestId, setRequestId] = useState(newRequestId);
  const place = data?.getTimeclockLocation;

  useEffect(() => {
    if (!message?.ok) return;
    const timer = setTimeout(() => {
      setMessage(null);
      setPin('');
      setRoom(null);
    }, RESET_MS);
    return () => clearTimeout(timer);
  }, [message]);

  async function punch(action: TeamAction) {
    const result = await sign({
      token,
      pin,
      action,
      program_id: action === 'check_in' || action === 'move' ? room : null,
      request_id: requestId,
    });
    if (result.error) {
      if (!(result.error.networkError && result.error.graphQLErrors.length === 0)) setRequestId(newRequestId());
      const byField = fieldErrors(result.error);
      setMessage({ ok: false, text: byField.pin ?? byField.token ?? result.error.graphQLErrors[0]?.message ?? t('common:errors.network') });
      return;
    }
    setRequestId(newRequestId());
    const r = result.data?.signTimeclock;
    if (!r) return;
    setMessage({
      ok: r.status,
      text: r.status
        ? t(`attendance:timeclock.done.${r.type}`, { name: r.staff.full_name, time: r.time, defaultValue: r.message })
        : r.message,
    });
    if (r.status) setPin('');
  }

  // A portal: full screen over the guest layout, whatever transforms the layout applies.
  return (
    <Portal>
      <div className={classes.kiosk} data-testid="time-clock" role="region" aria-label={t('attendance:timeclock.title')}>
        <div className={classes.kioskInner}>
          {!place ? (
            <Title order={1} size="h2" mb="md">
              {t('attendance:timeclock.title')}
            </Title>
          ) : null}
          {fetching ? <Loader role="status" aria-label={t('common:loading')} /> : null}
          {error ? (
            <Alert color="danger" variant="light" role="alert" data-testid="time-clock-invalid">
              {error.graphQLErrors[0]?.message ?? t('attendance:timeclock.invalid')}
            </Alert>
          ) : null}
          {place ? (
            <Stack gap="lg">
              <div>
                <Title order={1} size="h2">
                  {t('attendance:timeclock.title')}
                </Title>
                <Text c="dimmed">{place.name}</Text>
              </div>
              {!place.active ? (
                <Alert color="warning" variant="light" role="alert">
                  {t('attendance:timeclock.inactive')}
                </Alert>
              ) : null}
              {message ? (
                <Alert
                  color={message.ok ? 'success' : 'danger'}
                  variant="light"
                  role={message.ok ? 'status' : 'alert'}
                  data-testid="time-clock-message"
                >
                  <Text size="lg" fw={600}>
                    {message.text}
                  </Text>
                </Alert>
              ) : null}
              <PinPad
                value={pin}
                onChange={(v) => {
                  setMessage(null);
                  setPin(v);
                }}
                onSubmit={() => void punch('check_in')}
                busy={signing}
                label={t('attendance:timeclock.pinLabel')}
                testId="timeclock-pin"
              />
              {place.rooms.length > 0 ? (
                <div>
                  <Text fw={600} mb="xs" id="timeclock-room-label">
                    {t('attendance:timeclock.room')}
                  </Text>
                  <Chip.Group value={room ?? ''} onChange={(v) => setRoom(typeof v === 'string' && v ? v : null)}>
                    <Group gap="xs" role="radiogroup" aria-labelledby="timeclock-room-label">
                      {place.rooms.map((r) => (
                        <Chip key={r.id} value={r.id} size="lg" data-testid={`timeclock-room-${r.id}`}>
                          {r.name}
                        </Chip>
                      ))}
                    </Group>
                  </Chip.Group>
                </div>
              ) : null}
              <SimpleGrid cols={2} spacing="sm">
                {ACTIONS.map((a) => (
                  <Button
                    key={a.action}
                    className={classes.bigButton}
                    color={a.color}
                    disabled={!pin || !place.active}
                    loading={signing}
                    onClick={() => void punch(a.action)}
                    data-testid={`timeclock-${a.action}`}
                  >
                    {t(`attendance:${a.key}`)}
                  </Button>
                ))}
              </SimpleGrid>
            </Stack>
          ) : null}
        </div>
      </div>
    </Portal>
  );
}
