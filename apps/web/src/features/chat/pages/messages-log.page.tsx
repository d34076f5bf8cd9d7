import { Stack, Title } from '@mantine/core';
import { useSyncExternalStore } from 'react';
import { useTranslation } from 'react-i18next';
import { currentLocation } from '../../../lib/current-location';
import { ChatInbox } from '../components/chat-inbox';

/** /messages-log (staff): the threads of the children and rooms of the location picked in the top bar. */
export function MessagesLogPage() {
  const { t } = useTranslation(['chat']);
  const location = useSyncExternalStore(currentLocation.subscribe, currentLocation.get, currentLocation.get);
  return (
    <Stack gap="md">
      <Title order={1} size="h2">{t('chat:staffTitle')}</Title>
      <ChatInbox staff locationId={location?.id ?? null} />
    </Stack>
  );
}
