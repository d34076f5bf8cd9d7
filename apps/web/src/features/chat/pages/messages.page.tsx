import { Stack, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { ChatInbox } from '../components/chat-inbox';

/** /messages (parents): a thread per child and per room of their children, live. */
export function MessagesPage() {
  const { t } = useTranslation(['chat']);
  return (
    <Stack gap="md">
      <Title order={1} size="h2">{t('chat:parentTitle')}</Title>
      <ChatInbox staff={false} locationId={null} />
    </Stack>
  );
}
