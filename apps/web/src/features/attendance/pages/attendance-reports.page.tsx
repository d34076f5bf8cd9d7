import { Card, SimpleGrid, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { roleAtLeast, type RoleName } from '@kv/shared';
import { paths, type PathName } from '../../../lib/paths';
import { useViewer } from '../../../lib/shell-context';
import { PageHead } from '../components/page-head';

/** Staff below manager read their own time clock hours ("My hours"); managers the team's report. */
const MY_HOURS = { path: 'attendanceTimeclock' as PathName, key: 'myHours', role: 'teacher' as RoleName };

const REPORTS: { path: PathName; key: string; role: RoleName }[] = [
  { path: 'attendanceSummary', key: 'attendanceSummary', role: 'teacher' },
  { path: 'studentAttendanceReport', key: 'studentAttendance', role: 'teacher' },
  { path: 'studentDailyHours', key: 'studentDailyHours', role: 'manager' },
  { path: 'studentHours', key: 'studentHours', role: 'manager' },
  { path: 'staffHours', key: 'staffHours', role: 'manager' },
  { path: 'staffTimeTracking', key: 'staffTimeTracking', role: 'manager' },
  { path: 'staffActivity', key: 'staffActivity', role: 'manager' },
  { path: 'attendanceTimeclock', key: 'timeclock', role: 'manager' },
  { path: 'roomRatio', key: 'roomRatio', role: 'manager' },
];

/** /attendance/reports: the attendance and hours reports the viewer may open. */
export function AttendanceReportsPage() {
  const { t } = useTranslation('attendance');
  const viewer = useViewer();
  return (
    <Stack gap="md">
      <PageHead title={t('reportsHub.title')} lead={t('reportsHub.lead')} />
      <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }}>
        {[...REPORTS, ...(roleAtLeast(viewer.role, 'manager') ? [] : [MY_HOURS])]
          .filter((r) => roleAtLeast(viewer.role, r.role))
          .map((r) => (
            <Card
              key={r.path}
              withBorder
              radius="md"
              padding="lg"
              component={Link}
              to={paths[r.path].to()}
              data-testid={`report-link-${r.key}`}
            >
              <Text fw={700}>{t(`reports.${r.key}.title`)}</Text>
              <Text size="sm" c="dimmed">
                {t(`reports.${r.key}.lead`)}
              </Text>
            </Card>
          ))}
      </SimpleGrid>
    </Stack>
  );
}
