import { Text } from '@mantine/core';
import { modals } from '@mantine/modals';
import type { TFunction } from 'i18next';

/** Spec §8: "You are about to permanently delete ?", naming the item. */
export function confirmDelete(t: TFunction, itemName: string, onConfirm: () => unknown): void {
  modals.openConfirmModal({
    title: t('shell:confirmDelete.title'),
    centered: true,
    children: (
      <Text size="sm" data-testid="confirm-delete-text">
        {t('shell:confirmDelete.text', { name: itemName })}
      </Text>
    ),
    labels: { confirm: t('shell:confirmDelete.confirm'), cancel: t('common:actions.cancel') },
    confirmProps: { color: 'danger', 'data-testid': 'confirm-delete' } as Record<string, string>,
    onConfirm: () => void onConfirm(),
  });
}
