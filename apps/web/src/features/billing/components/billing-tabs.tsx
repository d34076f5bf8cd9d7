import { Button, Group, Stack, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router-dom';
import { paths } from '../../../lib/paths';

/** The billing area's sub-navigation (spec: overview, students, subsidies, settings, billing reports). */
const TABS = [
  { key: 'overview', to: paths.billingOverview.to(), match: ['/billing', '/billing/overview'] },
  { key: 'students', to: paths.billingStudents.to(), match: ['/billing/students', '/billing/student/'] },
  { key: 'subsidies', to: paths.billingSubsidies.to(), match: ['/billing/subsidies'] },
  { key: 'settings', to: paths.billingSettings.to(), match: ['/billing/settings'] },
  { key: 'reports', to: paths.billingBillingReports.to(), match: ['/billing/billing-reports', '/report-'] },
] as const;

function activeTab(pathname: string): string {
  const hit = [...TABS]
    .reverse()
    .find((t) =>
      t.match.some((m) => (m.endsWith('/') || m.endsWith('-') ? pathname.startsWith(m) : pathname === m || pathname.startsWith(`${m}/`))),
    );
  return hit?.key ?? 'overview';
}

export function BillingTabs() {
  const { t } = useTranslation('billing');
  const { pathname } = useLocation();
  const active = activeTab(pathname);
  return (
    <Group component="nav" aria-label={t('tabs.label')} gap={4} wrap="wrap" data-testid="billing-tabs">
      {TABS.map((tab) => (
        <Button
          key={tab.key}
          component={Link}
          to={tab.to}
          size="compact-sm"
          variant={active === tab.key ? 'filled' : 'subtle'}
          aria-current={active === tab.key ? 'page' : undefined}
          data-testid={`billing-tab-${tab.key}`}
        >
          {t(`tabs.${tab.key}`)}
        </Button>
      ))}
    </Group>
  );
}

/** A staff billing page: its h1, the billing tabs, an optional second row of links, then the content. */
export function BillingPage({ title, sub, children, testId }: { title: string; sub?: ReactNode; children: ReactNode; testId?: string }) {
  return (
    <Stack gap="md" data-testid={testId}>
      <Title order={1} size="h2">
        {title}
      </Title>
      <BillingTabs />
      {sub}
      {children}
    </Stack>
  );
}

/** A row of links between sibling pages (overview / unpaid / payments …). */
export function SubLinks({ links }: { links: readonly { to: string; label: string }[] }) {
  const { pathname } = useLocation();
  return (
    <Group gap={4} wrap="wrap">
      {links.map((l) => (
        <Button key={l.to} component={Link} to={l.to} size="compact-xs" variant={pathname === l.to ? 'light' : 'default'}>
          {l.label}
        </Button>
      ))}
    </Group>
  );
}
