import { Button, Card, Group, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { FieldValues, Path } from 'react-hook-form';
import { z } from '../../../lib/zod';

/** Refetch these types after a location-settings mutation. */
export const SETTINGS_CONTEXT = { additionalTypenames: ['LocationSetting', 'Location', 'TeamNotification'] };

const TIME = /^([01]\d|2[0-3]):[0-5]\d$/;
export const optionalCount = z.number().int('setup:validation.whole').min(0, 'setup:validation.notNegative').nullable().optional();
export const optionalTime = z.string().refine((v) => v === '' || TIME.test(v), 'setup:validation.time');

/** One titled card of a settings tab. */
export function SettingsSection({ title, lead, children }: { title: string; lead?: string; children: ReactNode }) {
  return (
    <Card withBorder radius="md" padding="lg">
      <Text component="h2" fw={600}>
        {title}
      </Text>
      {lead ? (
        <Text size="sm" c="dimmed" mb="sm">
          {lead}
        </Text>
      ) : null}
      {children}
    </Card>
  );
}

/** The save button at the foot of a settings form. */
export function SaveRow({ busy, testId }: { busy: boolean; testId?: string }) {
  const { t } = useTranslation('setup');
  return (
    <Group justify="flex-end">
      <Button type="submit" loading={busy} data-testid={testId}>
        {t('setup:actions.save')}
      </Button>
    </Group>
  );
}

/** The form's field names, for placing the server's field errors. */
export function fieldsOf<T extends FieldValues>(values: T): Path<T>[] {
  return Object.keys(values) as Path<T>[];
}
