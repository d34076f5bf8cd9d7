import { Badge, Checkbox, CloseButton, Group, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { formatDay } from '../../../lib/format';
import type { ActivityData } from '../api/fragments';
import { formatClock } from '../lib/formats';
import { entrySummary, kindLabel } from '../lib/summary';
import classes from './activities.module.css';
import { KindIcon } from './kind-icon';

export interface TimelineSelection {
  selected: ReadonlySet<string>;
  onToggle(id: string): void;
  /** Only these entries can be picked (pending ones, for approval). */
  selectable(entry: ActivityData): boolean;
}

/**
 * Entries in time order: time, kind, the children (group entries list them all), what was
 * recorded, and whether it waits for approval or is for staff only. "No data available." when empty.
 */
export function ActivityTimeline({
  entries,
  showChildren = true,
  showDate = false,
  selection,
  onRemoveChild,
  testId = 'activity-timeline',
}: {
  entries: readonly ActivityData[];
  showChildren?: boolean;
  showDate?: boolean;
  selection?: TimelineSelection;
  /** When given, each child of an entry can be taken off it (the last one's removal deletes the entry). */
  onRemoveChild?(entry: ActivityData, student: ActivityData['students'][number]): void;
  testId?: string;
}) {
  const { t } = useTranslation(['activities', 'shell']);
  if (entries.length === 0)
    return (
      <Text c="dimmed" ta="center" py="md" data-testid={`${testId}-empty`}>
        {t('shell:table.empty')}
      </Text>
    );
  return (
    <Stack gap={0} component="ol" p={0} m={0} style={{ listStyle: 'none' }} data-testid={testId}>
      {entries.map((a) => {
        const summary = entrySummary(a, t);
        const label = kindLabel(a, t);
        const names = a.students.map((s) => `${s.fname} ${s.lname}`).join(', ');
        return (
          <li key={a.id} className={classes.entry} data-testid="activity-entry" data-id={a.id} data-kind={a.kind} data-status={a.status}>
            <Text className={classes.when} size="sm" fw={600}>
              {showDate ? (
                <>
                  {formatDay(a.date)}
                  <br />
                </>
              ) : null}
              {formatClock(a.time)}
            </Text>
            <Stack gap={4}>
              <Group gap="xs" wrap="wrap">
                {selection && selection.selectable(a) ? (
                  <Checkbox
                    size="md"
                    checked={selection.selected.has(a.id)}
                    onChange={() => selection.onToggle(a.id)}
                    aria-label={t('activities:feed.selectEntry', { kind: label, time: formatClock(a.time) })}
                    data-testid="entry-select"
                  />
                ) : null}
                <KindIcon kind={a.kind} />
                <Text fw={600}>{label}</Text>
                {a.status === 'pending' ? (
                  <Badge color="warning" variant="light">
                    {t('activities:status.pending')}
                  </Badge>
                ) : null}
                {a.staffOnly ? (
                  <Badge color="gray" variant="light">
                    {t('activities:status.staffOnly')}
                  </Badge>
                ) : null}
              </Group>
              {summary ? <Text size="sm">{summary}</Text> : null}
              {showChildren && onRemoveChild && a.students.length > 0 ? (
                <Group gap={6} wrap="wrap">
                  {a.students.map((s) => (
                    <Badge
                      key={s.id}
                      variant="outline"
                      color="gray"
                      size="lg"
                      tt="none"
                      rightSection={
                        <CloseButton
                          size="sm"
                          aria-label={t('activities:feed.removeChild', { name: `${s.fname} ${s.lname}`, kind: label })}
                          onClick={() => onRemoveChild(a, s)}
                          data-testid="entry-remove-child"
                        />
                      }
                    >
                      {s.fname} {s.lname}
                    </Badge>
                  ))}
                </Group>
              ) : showChildren && names ? (
                <Text size="sm" c="dimmed">
                  {names}
                </Text>
              ) : null}
            </Stack>
          </li>
        );
      })}
    </Stack>
  );
}
