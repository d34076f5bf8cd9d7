import { Alert, Badge, Button, Card, Group, List, Loader, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { formatMoney } from '@kv/shared';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { useQuery } from 'urql';
import { GuestPage } from '../../../components/guest/guest-page';
import { guestPaths } from '../../../lib/guest-paths';
import { SignupPlansDocument } from '../api/signup';
import { writeFunnel } from '../lib/funnel-store';

/** /packages: the public plans; choosing one starts the sign-up with it. */
export function PackagesPage() {
  const { t } = useTranslation(['signup', 'common']);
  const navigate = useNavigate();
  const [{ data, fetching, error }] = useQuery({ query: SignupPlansDocument, variables: { first: 25 } });
  const plans = data?.getCenterPlans.data ?? [];
  const limit = (n: number | null | undefined, key: string) => (n == null ? t(`signup:packages.unlimited.${key}`) : t(`signup:packages.limit.${key}`, { count: n }));

  return (
    <GuestPage title={t('signup:packages.title')} lead={t('signup:packages.lead')}>
      {fetching && !data ? <Loader aria-label={t('common:loading')} /> : null}
      {error ? <Alert color="red">{t('signup:errors.load')}</Alert> : null}
      {data && plans.length === 0 ? <Text c="dimmed">No data available.</Text> : null}
      <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} spacing="md">
        {plans.map((p) => (
          <Card key={p.id} withBorder padding="md" data-testid="package" data-plan={p.name}>
            <Stack gap="xs" h="100%">
              <Group justify="space-between" wrap="nowrap">
                <Title order={2} size="h4">
                  {p.name}
                </Title>
                {p.trial_days > 0 ? <Badge variant="light">{t('signup:packages.trial', { count: p.trial_days })}</Badge> : null}
              </Group>
              <Text size="xl" fw={700}>
                {formatMoney(p.amount)} <Text span size="sm" c="dimmed">{t(`signup:packages.per.${p.period === 'year' ? 'year' : 'month'}`)}</Text>
              </Text>
              <List size="sm" spacing={2}>
                <List.Item>{limit(p.limits.max_locations, 'locations')}</List.Item>
                <List.Item>{limit(p.limits.max_students, 'students')}</List.Item>
                <List.Item>{limit(p.limits.max_cameras, 'cameras')}</List.Item>
              </List>
              {p.note ? (
                <Text size="sm" c="dimmed">
                  {p.note}
                </Text>
              ) : null}
              <Button
                mt="auto"
                data-testid="choose-package"
                onClick={() => {
                  writeFunnel({ planId: p.id, planName: p.name });
                  navigate(`${guestPaths.customerSignup.to({})}?plan=${encodeURIComponent(p.id)}`);
                }}
              >
                {t('signup:packages.choose', { name: p.name })}
              </Button>
            </Stack>
          </Card>
        ))}
      </SimpleGrid>
    </GuestPage>
  );
}
