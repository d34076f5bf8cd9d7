import { Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';

/** Heading, optional lead text and body of a guest page card. */
export function GuestPage({ title, lead, children }: { title: string; lead?: ReactNode; children?: ReactNode }) {
  return (
    <Stack gap="md">
      <div>
        <Title order={1} size="h3">
          {title}
        </Title>
        {lead ? (
          <Text c="dimmed" size="sm" mt={4}>
            {lead}
          </Text>
        ) : null}
      </div>
      {children}
    </Stack>
  );
}
