import { Badge, Button, Card, Group, Progress, Skeleton, Stack, Text, ThemeIcon } from '@mantine/core';
import { IconCircleCheckFilled, IconCircleDashed } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { useAppConfig } from '../../../lib/shell-context';
import { useSetupProgress } from '../hooks/use-setup-progress';

/** Spec §2 "Setup checklist": add location, camera, streaming server, school profile, room, manager, contact, student. */
export function SetupChecklist() {
  const { t } = useTranslation(['dashboard', 'common']);
  const config = useAppConfig();
  const state = useSetupProgress();
  const steps = state.status === 'done' ? state.value : [];
  const done = steps.filter((s) => s.done).length;
  return (
    <Card withBorder radius="md" padding="lg" data-testid="setup-checklist">
      <Group justify="space-between" mb="xs" wrap="nowrap">
        <Text component="h2" fw={600} size="lg">
          {t('dashboard:setup.title')}
        </Text>
        {state.status === 'done' ? (
          <Badge variant="light" color={done === steps.length ? 'success' : 'primary'}>
            {t('dashboard:setup.progress', { done, total: steps.length })}
          </Badge>
        ) : null}
      </Group>
      <Text size="sm" c="dimmed" mb="md">
        {t('dashboard:setup.lead')}
      </Text>
      {state.status === 'loading' ? (
        <Stack gap="sm" aria-busy="true">
          {Array.from({ length: 8 }, (_, i) => (
            <Skeleton key={i} height={28} radius="sm" />
          ))}
        </Stack>
      ) : state.status === 'failed' ? (
        <Text c="dimmed">{t('dashboard:setup.failed')}</Text>
      ) : (
        <>
          <Progress value={(done / steps.length) * 100} mb="md" aria-label={t('dashboard:setup.progress', { done, total: steps.length })} />
          <Stack component="ol" gap={6} p={0} m={0} style={{ listStyle: 'none' }}>
            {steps.map(({ step, done: isDone }, index) => (
              <Group
                key={step.id}
                component="li"
                justify="space-between"
                wrap="nowrap"
                gap="xs"
                data-testid={`setup-step-${step.id}`}
                data-done={isDone}
              >
                <Group gap="xs" wrap="nowrap">
                  <ThemeIcon variant="transparent" color={isDone ? 'success' : 'gray'} size={24} aria-hidden>
                    {isDone ? <IconCircleCheckFilled size={22} /> : <IconCircleDashed size={22} />}
                  </ThemeIcon>
                  <Text size="sm">
                    {index + 1}. {t(`dashboard:setup.steps.${step.id}`)}
                    <Text span size="xs" c={isDone ? 'success' : 'dimmed'} ml={6} fw={500}>
                      {isDone ? t('dashboard:setup.done') : t('dashboard:setup.todo')}
                    </Text>
                  </Text>
                </Group>
                <Button
                  component={Link}
                  to={step.to(config.centre?.kind ?? null)}
                  size="compact-sm"
                  variant="subtle"
                  aria-label={t('dashboard:setup.open', { step: t(`dashboard:setup.steps.${step.id}`) })}
                >
                  {t('dashboard:setup.openShort')}
                </Button>
              </Group>
            ))}
          </Stack>
        </>
      )}
    </Card>
  );
}
