import { Group, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';

/** A page's heading, its lead and its actions. */
export function PageHead({ title, lead, actions }: { title: string; lead?: string; actions?: ReactNode }) {
  return (
    <Group justify="space-between" align="flex-start" wrap="wrap" gap="sm">
      <div>
        <Title order={1} size="h2">
          {title}
        </Title>
        {lead ? <Text c="dimmed">{lead}</Text> : null}
      </div>
      {actions ? <Group gap="xs">{actions}</Group> : null}
    </Group>
  );
}
