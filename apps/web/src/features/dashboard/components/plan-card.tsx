import { Badge, Card, Group, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useQuery } from 'urql';
import { canAccess } from '../../../lib/access';
import { formatDay } from '../../../lib/format';
import { useViewer } from '../../../lib/shell-context';
import { MyPlanQuery } from '../api/my-plan.query';


/** Who may read the plan: the gate's rule for getMyPlan. */
const PLAN_RULE = { role: 'manager', permissions: ['billing.manage'] } as const;

/**
 * The centre's plan and trial with the platform, for the owner and managers who handle billing.
 * Nothing is shown to anyone else (not even asked for) or while the platform cannot answer.
 */
export function PlanCard() {
  const allowed = canAccess(PLAN_RULE, useViewer());
  const { t } = useTranslation(['dashboard']);
  const [{ data }] = useQuery({ query: MyPlanQuery, variables: {}, pause: !allowed });
  const mine = data?.getMyPlan;
  if (!mine) return null;
  const trialEnded = mine.on_trial && mine.trial_days_left === 0;
  return (
    <Card withBorder radius="md" padding="md" data-testid="plan-card">
      <Group justify="space-between" align="flex-start" wrap="wrap" gap="sm">
        <Stack gap={2}>
          <Text size="xs" c="dimmed" tt="uppercase" fw={600}>
            {t('dashboard:plan.title')}
          </Text>
          <Text fw={600}>{mine.plan ? mine.plan.name : t('dashboard:plan.none')}</Text>
          {mine.plan ? (
            <Text size="sm" c="dimmed">
              {t(`dashboard:plan.price.${mine.plan.period === 'year' ? 'year' : 'month'}`, { amount: mine.plan.amount })}
            </Text>
          ) : null}
          {mine.payment_end ? (
            <Text size="sm" c="dimmed">
              {t('dashboard:plan.paidUntil', { date: formatDay(mine.payment_end) })}
            </Text>
          ) : null}
        </Stack>
        {mine.on_trial && mine.trial_ends_on ? (
          <Badge color={trialEnded ? 'red' : 'yellow'} variant="light" size="lg">
            {trialEnded
              ? t('dashboard:plan.trialEnded', { date: formatDay(mine.trial_ends_on) })
              : t('dashboard:plan.trial', { count: mine.trial_days_left ?? 0, date: formatDay(mine.trial_ends_on) })}
          </Badge>
        ) : null}
      </Group>
    </Card>
  );
}
