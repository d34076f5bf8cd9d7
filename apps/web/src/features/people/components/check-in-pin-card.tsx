import { ActionIcon, Button, Card, Group, Stack, Text, Title } from '@mantine/core';
import { modals } from '@mantine/modals';
import { IconEye, IconEyeOff } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useMutation, useQuery } from 'urql';
import { GenerateCheckInPinMutation, MyCheckInPinQuery, PersonCheckInPinQuery } from '../api/check-in-pin';
import { useFinish } from '../hooks/use-notice-call';

/**
 * "Your check-in PIN" (or a person's): the PIN for the kiosk at the door and the staff time clock,
 * masked until revealed, and a new random one on demand (the old one stops working). For another
 * person it shows only when the API shows their PIN or the viewer may make one (managers who may edit them).
 */
export function CheckInPinCard({ userId, name }: { userId?: string; name?: string }) {
  const { t } = useTranslation(['people', 'common']);
  const finish = useFinish();
  const self = !userId;
  const [mine, refetchMine] = useQuery({ query: MyCheckInPinQuery, variables: {}, pause: !self, requestPolicy: 'network-only' });
  const [theirs, refetchTheirs] = useQuery({
    query: PersonCheckInPinQuery,
    variables: { id: userId ?? '' },
    pause: self,
    requestPolicy: 'network-only',
  });
  const [generating, generate] = useMutation(GenerateCheckInPinMutation);
  const [shown, setShown] = useState(false);
  const pin = self ? (mine.data?.me?.check_in_pin ?? null) : (theirs.data?.user?.check_in_pin ?? null);
  const loaded = self ? Boolean(mine.data) : Boolean(theirs.data);
  if (!loaded) return null;

  function confirmGenerate() {
    modals.openConfirmModal({
      title: t('people:pin.newTitle'),
      centered: true,
      children: <Text size="sm">{t(pin ? 'people:pin.newReplaces' : 'people:pin.newFirst')}</Text>,
      labels: { confirm: t('people:pin.generate'), cancel: t('common:actions.cancel') },
      confirmProps: { 'data-testid': 'pin-generate-confirm' } as Record<string, string>,
      onConfirm: async () => {
        const r = await generate({ user_id: userId ?? null });
        if (!finish(r.error, r.data?.generateCheckInPin)) return;
        setShown(true);
        if (self) refetchMine({ requestPolicy: 'network-only' });
        else refetchTheirs({ requestPolicy: 'network-only' });
      },
    });
  }

  return (
    <Card withBorder radius="md" padding="lg" data-testid="check-in-pin">
      <Title order={2} size="h4" mb="xs">
        {self ? t('people:pin.yourTitle') : t('people:pin.theirTitle', { name: name ?? '' })}
      </Title>
      <Stack gap="sm">
        <Text size="sm" c="dimmed">
          {t(self ? 'people:pin.yourLead' : 'people:pin.theirLead')}
        </Text>
        <Group gap="xs">
          {pin ? (
            <>
              <Text ff="monospace" fz="xl" fw={700} data-testid="pin-value" aria-live="polite">
                {shown ? pin : '•'.repeat(pin.length)}
              </Text>
              <ActionIcon
                variant="subtle"
                size="lg"
                onClick={() => setShown(!shown)}
                aria-label={t(shown ? 'people:pin.hide' : 'people:pin.show')}
                aria-pressed={shown}
                data-testid="pin-reveal"
              >
                {shown ? <IconEyeOff size={18} aria-hidden /> : <IconEye size={18} aria-hidden />}
              </ActionIcon>
            </>
          ) : (
            <Text size="sm" data-testid="pin-none">
              {t('people:pin.none')}
            </Text>
          )}
        </Group>
        <Group>
          <Button variant="light" onClick={confirmGenerate} loading={generating.fetching} data-testid="pin-generate">
            {t('people:pin.generate')}
          </Button>
        </Group>
      </Stack>
    </Card>
  );
}
