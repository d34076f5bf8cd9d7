import { Stack } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useAppConfig } from '../../../lib/shell-context';
import { QuickLinkGrid } from '../components/quick-link-grid';
import { WelcomeCard } from '../components/welcome-card';
import { teacherLinks } from '../quick-links';

/** /dashboard: the staff (teacher) dashboard. */
export function TeacherDashboardPage() {
  const { t } = useTranslation(['dashboard', 'common']);
  const config = useAppConfig();
  return (
    <Stack gap="md" data-testid="dashboard-teacher">
      <WelcomeCard lead={t('dashboard:teacher.lead')} />
      <QuickLinkGrid title={t('dashboard:teacher.shortcuts')} links={teacherLinks(config.centre?.kind ?? null)} />
    </Stack>
  );
}
