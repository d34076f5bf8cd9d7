import { Group, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';

/** Title, lead and an optional summary line of a report page. */
export function ReportHeader({ title, lead, summary }: { title: string; lead: string; summary?: ReactNode }) {
  return (
    <Group justify="space-between" align="flex-end" gap="sm">
      <div>
        <Title order={1} size="h2">
          {title}
        </Title>
        <Text c="dimmed">{lead}</Text>
      </div>
      {summary ? (
        <Text fw={600} data-testid="report-summary">
          {summary}
        </Text>
      ) : null}
    </Group>
  );
}
