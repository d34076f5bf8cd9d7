import { Avatar, Group, Text, UnstyledButton } from '@mantine/core';
import { IconCircleCheckFilled } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { CheckInChildData } from '../api/fragments';
import classes from './attendance.module.css';
import { StateBadge } from './state-badge';

/** A child as a large toggle (kiosk and parent's phone). */
export function ChildTile({ child, selected, onToggle }: { child: CheckInChildData; selected: boolean; onToggle(): void }) {
  const { t } = useTranslation('attendance');
  return (
    <UnstyledButton className={classes.childTile} aria-pressed={selected} onClick={onToggle} data-testid={`child-${child.id}`}>
      <Group wrap="nowrap" justify="space-between">
        <Group wrap="nowrap" gap="md">
          <Avatar src={child.image} alt="" size={56} radius="xl" color="primary">
            {child.full_name.slice(0, 1)}
          </Avatar>
          <div>
            <Text fw={700} size="xl">
              {child.full_name}
            </Text>
            <Group gap="xs">
              <StateBadge state={child.checked_in_out} />
              {child.program ? (
                <Text size="sm" c="dimmed">
                  {child.program.name}
                </Text>
              ) : null}
            </Group>
          </div>
        </Group>
        {selected ? <IconCircleCheckFilled size={36} aria-label={t('kiosk.selected')} color="var(--mantine-color-primary-6)" /> : null}
      </Group>
    </UnstyledButton>
  );
}

/** The action for the children picked: all in → check out; none in → check in; a mix → each one toggles. */
export function actionFor(children: CheckInChildData[]): 'check_in' | 'check_out' | null {
  if (children.length === 0) return 'check_in';
  if (children.every((c) => c.checked_in_out === 'checked_in')) return 'check_out';
  if (children.every((c) => c.checked_in_out !== 'checked_in')) return 'check_in';
  return null;
}
