import { Button, Menu, Modal } from '@mantine/core';
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

export interface MenuAction<A extends string> {
  action: A;
  label: string;
  /** Shown in the theme's danger colour (void and the like). */
  danger?: boolean;
}

/**
 * A row's "Actions" menu: picking one opens a modal titled `title(action)` with `form(action, finished)`;
 * `finished` closes the modal and calls `done` (the caller reloads).
 */
export function ActionMenu<A extends string>({
  testId,
  actions,
  title,
  form,
  done,
}: {
  testId: string;
  actions: readonly MenuAction<A>[];
  title(action: A): string;
  form(action: A, finished: () => void): ReactNode;
  done(): void;
}) {
  const { t } = useTranslation('billing');
  const [action, setAction] = useState<A | null>(null);
  return (
    <>
      <Menu position="bottom-end" withinPortal>
        <Menu.Target>
          <Button size="compact-xs" variant="light" data-testid={testId}>
            {t('actions.actions')}
          </Button>
        </Menu.Target>
        <Menu.Dropdown>
          {actions.map((a) => (
            <Menu.Item key={a.action} color={a.danger ? 'danger' : undefined} onClick={() => setAction(a.action)}>
              {a.label}
            </Menu.Item>
          ))}
        </Menu.Dropdown>
      </Menu>
      <Modal opened={action !== null} onClose={() => setAction(null)} title={action ? title(action) : ''}>
        {action
          ? form(action, () => {
              setAction(null);
              done();
            })
          : null}
      </Modal>
    </>
  );
}
