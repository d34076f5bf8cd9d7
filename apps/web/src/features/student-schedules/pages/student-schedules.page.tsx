import { Alert, Stack, Tabs, Title } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ChangesTab } from '../components/changes-tab';
import { MonthTab, WeekTab } from '../components/children-tabs';
import { StaffTab } from '../components/staff-tab';
import { todayAt } from '../lib/dates';
import { useScheduleLocation } from '../lib/use-location';

/** /student-schedules: children's week and month (absences, vacations), staff schedules and recent changes. */
export function StudentSchedulesPage() {
  const { t } = useTranslation('schedules');
  const location = useScheduleLocation();
  const [tab, setTab] = useState<string | null>('week');
  const today = todayAt(location.timeZone);
  return (
    <Stack gap="md" data-testid="student-schedules-page">
      <Title order={1} size="h2">
        {t('title')}
      </Title>
      {!location.id ? (
        <Alert>{t('pickLocation')}</Alert>
      ) : (
        <Tabs value={tab} onChange={setTab} keepMounted={false}>
          <Tabs.List>
            <Tabs.Tab value="week">{t('tabs.week')}</Tabs.Tab>
            <Tabs.Tab value="month">{t('tabs.month')}</Tabs.Tab>
            <Tabs.Tab value="staff">{t('tabs.staff')}</Tabs.Tab>
            <Tabs.Tab value="changes">{t('tabs.changes')}</Tabs.Tab>
          </Tabs.List>
          <Tabs.Panel value="week" pt="md">
            <WeekTab locationId={location.id} today={today} rooms={location.rooms} />
          </Tabs.Panel>
          <Tabs.Panel value="month" pt="md">
            <MonthTab locationId={location.id} today={today} rooms={location.rooms} />
          </Tabs.Panel>
          <Tabs.Panel value="staff" pt="md">
            <StaffTab locationId={location.id} today={today} rooms={location.rooms} />
          </Tabs.Panel>
          <Tabs.Panel value="changes" pt="md">
            <ChangesTab locationId={location.id} today={today} />
          </Tabs.Panel>
        </Tabs>
      )}
    </Stack>
  );
}
