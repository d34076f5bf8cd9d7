import { Group, TextInput } from '@mantine/core';

/**
 * The first and last day of a schedule, vacation or time off, side by side (wrapping on phones),
 * each with the typed error the server ties to `start_date` / `end_date`.
 */
export function DateRangeFields(props: {
  start: string;
  end: string;
  onStart: (value: string) => void;
  onEnd: (value: string) => void;
  errors: Record<string, string | undefined>;
  labels: { start: string; end: string };
  /** An empty end means open-ended (schedules); otherwise both days are required. */
  openEnded?: string;
  testIds?: { start: string; end: string };
}) {
  return (
    <Group grow wrap="wrap" align="flex-start">
      <TextInput
        type="date"
        label={props.labels.start}
        value={props.start}
        onChange={(e) => props.onStart(e.currentTarget.value)}
        error={props.errors.start_date}
        required
        miw={150}
        data-testid={props.testIds?.start}
      />
      <TextInput
        type="date"
        label={props.labels.end}
        description={props.openEnded}
        value={props.end}
        onChange={(e) => props.onEnd(e.currentTarget.value)}
        error={props.errors.end_date}
        required={!props.openEnded}
        miw={150}
        data-testid={props.testIds?.end}
      />
    </Group>
  );
}
