import { Alert, Button, Stack } from '@mantine/core';
import { IconCircleCheck } from '@tabler/icons-react';
import { Link } from 'react-router-dom';

/** The end of a guest flow: what happened, and the next step. */
export function DonePanel({ message, actionLabel, actionTo }: { message: string; actionLabel: string; actionTo: string }) {
  return (
    <Stack gap="md">
      <Alert color="success" variant="light" icon={<IconCircleCheck aria-hidden />} role="status" data-testid="done-panel">
        {message}
      </Alert>
      <Button component={Link} to={actionTo} fullWidth data-testid="done-action">
        {actionLabel}
      </Button>
    </Stack>
  );
}
