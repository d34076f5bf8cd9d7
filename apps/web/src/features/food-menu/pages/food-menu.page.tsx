import { Alert, Loader, Stack, Tabs, Title } from '@mantine/core';
import { Suspense, lazy, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { roleAtLeast } from '@kv/shared';
import { useAppConfig, useViewer } from '../../../lib/shell-context';
import { ItemsTab } from '../components/items-tab';
import { useMenuLocation } from '../lib/use-location';

// The drag-and-drop grid (and @dnd-kit with it) loads only when the weeks tab is shown.
const WeeksTab = lazy(() => import('../components/weeks-tab').then((m) => ({ default: m.WeeksTab })));
const CountsTab = lazy(() => import('../components/counts-tab').then((m) => ({ default: m.CountsTab })));
const ReportTab = lazy(() => import('../components/report-tab').then((m) => ({ default: m.ReportTab })));

/** /food-menu: weeks (drag-and-drop grid), items, CACFP meal counts and their report (child care only). */
export function FoodMenuPage() {
  const { t } = useTranslation('foodMenu');
  const location = useMenuLocation();
  const viewer = useViewer();
  const childCare = useAppConfig().centre?.kind !== 'petcare';
  const reports = childCare && roleAtLeast(viewer.role, 'manager') && viewer.permissions.includes('reports.view');
  const [tab, setTab] = useState<string | null>('weeks');
  if (!location.id) return <Alert>{t('pickLocation')}</Alert>;
  return (
    <Stack gap="md">
      <Title order={1} size="h3">
        {t('title')}
      </Title>
      <Tabs value={tab} onChange={setTab} keepMounted={false}>
        <Tabs.List>
          <Tabs.Tab value="weeks">{t('tabs.weeks')}</Tabs.Tab>
          <Tabs.Tab value="items">{t('tabs.items')}</Tabs.Tab>
          {childCare ? <Tabs.Tab value="counts">{t('tabs.counts')}</Tabs.Tab> : null}
          {reports ? <Tabs.Tab value="report">{t('tabs.report')}</Tabs.Tab> : null}
        </Tabs.List>
        <Suspense fallback={<Loader m="md" />}>
          <Tabs.Panel value="weeks" pt="md">
            <WeeksTab locationId={location.id} />
          </Tabs.Panel>
          <Tabs.Panel value="items" pt="md">
            <ItemsTab locationId={location.id} />
          </Tabs.Panel>
          {childCare ? (
            <Tabs.Panel value="counts" pt="md">
              <CountsTab locationId={location.id} timeZone={location.timeZone} rooms={location.rooms} />
            </Tabs.Panel>
          ) : null}
          {reports ? (
            <Tabs.Panel value="report" pt="md">
              <ReportTab locationId={location.id} timeZone={location.timeZone} />
            </Tabs.Panel>
          ) : null}
        </Suspense>
      </Tabs>
    </Stack>
  );
}
