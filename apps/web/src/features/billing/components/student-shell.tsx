import { Group, Paper, Text } from '@mantine/core';
import { useEffect, useRef, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useQuery } from 'urql';
import { paths } from '../../../lib/paths';
import { BillingAccountQuery } from '../api/billing.graphql';
import { money } from '../lib/billing';
import { BillingPage, SubLinks } from './billing-tabs';

export const STUDENT_SECTIONS = [
  ['overview', paths.billingStudentOverview],
  ['openInvoices', paths.billingStudentOpenInvoices],
  ['availableCredits', paths.billingStudentAvailableCredits],
  ['invoices', paths.billingStudentInvoices],
  ['payments', paths.billingStudentPayments],
  ['upcomingInvoices', paths.billingStudentUpcomingInvoices],
  ['accountDetail', paths.billingStudentAccountDetail],
  ['plansDetail', paths.billingStudentPlansDetail],
  ['payersDetail', paths.billingStudentPayersDetail],
] as const;

export type StudentSection = (typeof STUDENT_SECTIONS)[number][0];

/** A child's billing account page: the child's name and section as h1, the account's figures, the sections' links. */
export function StudentShell({
  studentId,
  section,
  version = 0,
  children,
}: {
  studentId: string;
  section: StudentSection;
  /** Bumped by the page after a write: the account's figures are read again. */
  version?: number;
  children: ReactNode;
}) {
  const { t } = useTranslation('billing');
  const [{ data }, refetch] = useQuery({
    query: BillingAccountQuery,
    variables: { student_id: studentId },
    requestPolicy: 'cache-and-network',
  });
  const seen = useRef(version);
  useEffect(() => {
    if (seen.current === version) return;
    seen.current = version;
    refetch({ requestPolicy: 'network-only' });
  }, [version, refetch]);
  const account = data?.getAccountDetails;
  const title = account
    ? t('student.title', { name: account.student_name, section: t(`student.sections.${section}`) })
    : t(`student.sections.${section}`);
  return (
    <BillingPage
      title={title}
      testId={`billing-student-${section}`}
      sub={
        <>
          <SubLinks links={STUDENT_SECTIONS.map(([key, path]) => ({ to: path.to({ studentId }), label: t(`student.sections.${key}`) }))} />
          <Paper withBorder p="sm">
            <Group gap="xl" wrap="wrap">
              <Figure label={t('student.balance')} value={money(account?.balance)} testId="student-balance" />
              <Figure label={t('student.openInvoices')} value={money(account?.open_invoices)} testId="student-open" />
              <Figure label={t('student.credit')} value={money(account?.credit)} testId="student-credit" />
              <Figure label={t('fields.billingProgram')} value={account?.billing_program?.name ?? '—'} testId="student-program" />
            </Group>
          </Paper>
        </>
      }
    >
      {children}
    </BillingPage>
  );
}

function Figure({ label, value, testId }: { label: string; value: string; testId: string }) {
  return (
    <div>
      <Text size="xs" c="dimmed">
        {label}
      </Text>
      <Text fw={700} data-testid={testId}>
        {value}
      </Text>
    </div>
  );
}
