import { Stack } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { roleAtLeast } from '@kv/shared';
import { useAppConfig, useViewer } from '../../../lib/shell-context';
import { SetupChecklist } from '../components/setup-checklist';
import { QuickLinkGrid } from '../components/quick-link-grid';
import { WelcomeCard } from '../components/welcome-card';
import { teacherLinks } from '../quick-links';

/** /dashboard: the staff (teacher) dashboard. */
export function TeacherDashboardPage() {
  const { t } = useTranslation(['dashboard', 'common']);
  const config = useAppConfig();
  const viewer = useViewer();
  return (
    <Stack gap="md" data-testid="dashboard-teacher">
      <WelcomeCard lead={t('dashboard:teacher.lead')} />
      {/* A new centre's owner lands here from the sign-up funnel: the setup checklist comes first. */}
      {roleAtLeast(viewer.role, 'manager') ? <SetupChecklist /> : null}
      <QuickLinkGrid title={t('dashboard:teacher.shortcuts')} links={teacherLinks(config.centre?.kind ?? null)} />
    </Stack>
  );
}
