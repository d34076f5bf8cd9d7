import { Badge, Card, Group, SimpleGrid, Stack, Text } from '@mantine/core';
import { IconChartBar, IconDeviceTablet, IconHeartbeat, IconQrcode, IconUserCheck, IconUsers } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { useQuery } from 'urql';
import { roleAtLeast } from '@kv/shared';
import { paths, type PathName } from '../../../lib/paths';
import { useViewer } from '../../../lib/shell-context';
import { StudentsDayQuery } from '../api/students-day.query';
import { PageHead } from '../components/page-head';
import { useCurrentLocation } from '../hooks/use-current-location';
import { useAttendanceChanged } from '../hooks/use-live';

const SECTIONS: { path: PathName; key: string; icon: ReactNode; managers?: true }[] = [
  { path: 'attendanceStudents', key: 'students', icon: <IconUserCheck size={28} aria-hidden /> },
  { path: 'attendanceStaff', key: 'staff', icon: <IconUsers size={28} aria-hidden /> },
  { path: 'attendanceKiosk', key: 'kiosk', icon: <IconDeviceTablet size={28} aria-hidden /> },
  { path: 'attendanceCheckInQr', key: 'qr', icon: <IconQrcode size={28} aria-hidden />, managers: true },
  { path: 'attendanceHealthScreen', key: 'health', icon: <IconHeartbeat size={28} aria-hidden /> },
  { path: 'attendanceReports', key: 'reports', icon: <IconChartBar size={28} aria-hidden /> },
];

/** /attendance: today's counts at the location (live) and the attendance screens. */
export function AttendanceHomePage() {
  const { t } = useTranslation('attendance');
  const location = useCurrentLocation();
  const viewer = useViewer();
  const sections = SECTIONS.filter((s) => !s.managers || roleAtLeast(viewer.role, 'manager'));
  const [{ data }, refetch] = useQuery({
    query: StudentsDayQuery,
    variables: { location_id: location.id ?? '', first: 1 },
    pause: !location.id,
  });
  useAttendanceChanged(location.id, () => refetch({ requestPolicy: 'network-only' }));
  const counts = data?.getStudentsAfterCheckInLocation.counts;
  return (
    <Stack gap="md">
      <PageHead title={t('home.title')} lead={t('home.lead', { location: location.name })} />
      {counts ? (
        <Group gap="xs" data-testid="home-counts">
          {(['checked_in', 'not_arrived', 'checked_out', 'absent'] as const).map((k) => (
            <Badge key={k} size="lg" variant="light" color={k === 'checked_in' ? 'success' : k === 'absent' ? 'warning' : 'gray'}>
              {t(`counts.${k}`, { count: counts[k] })}
            </Badge>
          ))}
        </Group>
      ) : null}
      <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }}>
        {sections.map((s) => (
          <Card
            key={s.path}
            withBorder
            radius="md"
            padding="lg"
            component={Link}
            to={paths[s.path].to()}
            data-testid={`attendance-link-${s.key}`}
          >
            <Group wrap="nowrap">
              {s.icon}
              <div>
                <Text fw={700}>{t(`home.sections.${s.key}.title`)}</Text>
                <Text size="sm" c="dimmed">
                  {t(`home.sections.${s.key}.lead`)}
                </Text>
              </div>
            </Group>
          </Card>
        ))}
      </SimpleGrid>
    </Stack>
  );
}
