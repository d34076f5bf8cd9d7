import { Button, Group, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useParams } from 'react-router-dom';
import { useQuery } from 'urql';
import { paths } from '../../../../lib/paths';
import { AgencyQuery } from '../api/agencies.query';
import { money } from '../../lib/billing';
import { BillingTabs } from '../../components/billing-tabs';

/** The agency pages' heading (h1: the agency's name) and their links, one row that wraps on phones. */
export function AgencyHeader({ children }: { children?: ReactNode }) {
  const { t } = useTranslation('agencies');
  const { agencyId = '' } = useParams();
  const { pathname } = useLocation();
  const [{ data, error }] = useQuery({ query: AgencyQuery, variables: { id: agencyId } });
  const a = data?.getAgency;
  const tabs = [
    { to: paths.billingAgencyOverview.to({ agencyId }), label: t('tabs.overview') },
    { to: paths.billingAgencyInvoices.to({ agencyId }), label: t('tabs.invoices') },
    { to: paths.billingAgencyPayments.to({ agencyId }), label: t('tabs.payments') },
    { to: paths.billingAgencyStudents.to({ agencyId }), label: t('tabs.students') },
    { to: paths.billingAgencyUpcomingInvoices.to({ agencyId }), label: t('tabs.upcoming') },
    { to: paths.billingAgencyInfo.to({ agencyId }), label: t('tabs.info') },
  ];
  const current = pathname === paths.billingAgency.to({ agencyId }) ? tabs[0]!.to : pathname;
  return (
    <Stack gap="sm">
      <Group justify="space-between" align="flex-end" wrap="wrap">
        <Title order={1} size="h2">
          {a?.name ?? (error ? t('agency.notFound') : t('agency.title'))}
        </Title>
        {a && (
          <Text size="sm">
            {t('agency.owes')}: <strong>{money(a.balance)}</strong> · {t('agency.students', { count: a.students_count })}
          </Text>
        )}
      </Group>
      <BillingTabs />
      <Group gap="xs" wrap="wrap" component="nav" aria-label={t('agency.sections')}>
        {tabs.map((tab) => (
          <Button
            key={tab.to}
            component={Link}
            to={tab.to}
            size="xs"
            variant={current === tab.to ? 'filled' : 'light'}
            aria-current={current === tab.to ? 'page' : undefined}
          >
            {tab.label}
          </Button>
        ))}
        <Button component={Link} to={paths.billingSubsidies.to()} size="xs" variant="subtle">
          {t('agency.back')}
        </Button>
      </Group>
      {children}
    </Stack>
  );
}
