import { Group, Text } from '@mantine/core';
import { useId } from 'react';
import classes from './activities.module.css';

/** One of a few values as large toggle buttons (48 px, wrapping on a phone). */
export function ChoiceChips({
  label,
  options,
  value,
  onChange,
  testId,
  error,
}: {
  label: string;
  options: readonly { value: string; label: string }[];
  value: string | undefined;
  onChange(value: string): void;
  testId: string;
  error?: boolean;
}) {
  const id = useId();
  return (
    <div role="group" aria-labelledby={id} data-testid={testId}>
      <Text id={id} size="sm" fw={500} mb={4} c={error ? 'danger' : undefined}>
        {label}
      </Text>
      <Group gap="xs">
        {options.map((o) => (
          <button
            key={o.value}
            type="button"
            className={classes.option}
            aria-pressed={value === o.value}
            onClick={() => onChange(o.value)}
            data-testid={`${testId}-${o.value}`}
          >
            {o.label}
          </button>
        ))}
      </Group>
    </div>
  );
}
