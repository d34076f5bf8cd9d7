import { Alert } from '@mantine/core';
import { IconLifebuoy } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '../../lib/format';
import { useViewer } from '../../lib/shell-context';

/** Makes an operator's "login as user" session obvious to everyone looking at the screen. */
export function SupportSessionBanner() {
  const { t } = useTranslation('common');
  const session = useViewer().user?.support_session;
  if (!session) return null;
  return (
    <Alert color="warning" variant="light" icon={<IconLifebuoy aria-hidden />} mb="md" role="status" data-testid="support-session">
      {t('shell:support.banner', { operator: session.operator, until: formatDateTime(session.expires_at) })}
      {session.mode !== 'write' && <> {t('shell:support.readOnly')}</>}
    </Alert>
  );
}
