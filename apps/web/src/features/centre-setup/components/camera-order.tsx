import { closestCenter, DndContext, KeyboardSensor, PointerSensor, useSensor, useSensors, type DragEndEvent } from '@dnd-kit/core';
import { arrayMove, SortableContext, sortableKeyboardCoordinates, useSortable, verticalListSortingStrategy } from '@dnd-kit/sortable';
import { CSS } from '@dnd-kit/utilities';
import { Button, Card, ColorSwatch, Group, Paper, Stack, Text } from '@mantine/core';
import { IconGripVertical } from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useMutation } from 'urql';
import type { CameraData } from '../api/fragments';
import { SaveCameraOrderMutation } from '../api/cameras.mutation';
import { useFinish } from '../hooks/use-finish';

function SortableCamera({ camera, index }: { camera: CameraData; index: number }) {
  const { t } = useTranslation('setup');
  const { attributes, listeners, setNodeRef, transform, transition, isDragging } = useSortable({ id: camera.id });
  return (
    <Paper
      ref={setNodeRef}
      withBorder
      p="xs"
      radius="sm"
      style={{
        transform: CSS.Transform.toString(transform),
        transition,
        opacity: isDragging ? 0.7 : 1,
        cursor: 'grab',
        touchAction: 'none',
      }}
      data-testid="camera-order-item"
      data-camera={camera.name}
      {...attributes}
      {...listeners}
      aria-label={t('setup:cameras.orderItem', { position: index + 1, name: camera.name })}
    >
      <Group gap="sm" wrap="nowrap">
        <IconGripVertical size={16} aria-hidden />
        <ColorSwatch color={camera.color_code} size={16} aria-hidden />
        <Text size="sm">{camera.name}</Text>
      </Group>
    </Paper>
  );
}

/**
 * The display order of a location's cameras, changed by drag and drop (or the keyboard) and saved.
 * Saving waits for every camera (`complete`): an order built from part of the list would misplace the rest.
 */
export function CameraOrder({
  locationId,
  cameras,
  complete,
  context,
}: {
  locationId: string;
  cameras: CameraData[];
  complete: boolean;
  context: object;
}) {
  const { t } = useTranslation(['setup', 'common']);
  const finish = useFinish();
  const [items, setItems] = useState(cameras);
  const [, save] = useMutation(SaveCameraOrderMutation);
  const [busy, setBusy] = useState(false);
  useEffect(() => setItems(cameras), [cameras]);
  const sensors = useSensors(
    useSensor(PointerSensor, { activationConstraint: { distance: 4 } }),
    useSensor(KeyboardSensor, { coordinateGetter: sortableKeyboardCoordinates }),
  );
  const nameOf = (id: string | number) => items.find((c) => c.id === id)?.name ?? '';
  const positionOf = (id: string | number | undefined) => (id === undefined ? 0 : items.findIndex((c) => c.id === id) + 1);
  const lastMoved = items.findLastIndex((c, i) => c.id !== cameras[i]?.id);
  const changed = lastMoved >= 0;

  function onDragEnd(event: DragEndEvent) {
    const { active, over } = event;
    if (!over || active.id === over.id) return;
    setItems((list) =>
      arrayMove(
        list,
        list.findIndex((c) => c.id === active.id),
        list.findIndex((c) => c.id === over.id),
      ),
    );
  }

  return (
    <Card withBorder radius="md" padding="lg">
      <Group justify="space-between" mb="xs">
        <Text component="h2" fw={600}>
          {t('setup:cameras.orderTitle')}
        </Text>
        <Button
          size="sm"
          disabled={!changed || !complete}
          loading={busy}
          onClick={async () => {
            setBusy(true);
            // The server keeps the unlisted cameras in their order after the listed ones: only the moved part is sent.
            const r = await save({ location_id: locationId, cameras: items.slice(0, lastMoved + 1).map((c) => c.id) }, context);
            setBusy(false);
            finish(r.error, r.data?.saveCameraOrder);
          }}
          data-testid="save-camera-order"
        >
          {t('setup:cameras.saveOrder')}
        </Button>
      </Group>
      <Text size="sm" c="dimmed" mb="sm">
        {t('setup:cameras.orderLead')}
      </Text>
      {items.length === 0 ? (
        <Text size="sm">{t('shell:table.empty')}</Text>
      ) : (
        <DndContext
          sensors={sensors}
          collisionDetection={closestCenter}
          onDragEnd={onDragEnd}
          accessibility={{
            screenReaderInstructions: { draggable: t('setup:cameras.dragInstructions') },
            announcements: {
              onDragStart: ({ active }) => t('setup:cameras.dragStart', { name: nameOf(active.id) }),
              onDragOver: ({ active, over }) => t('setup:cameras.dragOver', { name: nameOf(active.id), position: positionOf(over?.id) }),
              onDragEnd: ({ active, over }) => t('setup:cameras.dragEnd', { name: nameOf(active.id), position: positionOf(over?.id) }),
              onDragCancel: ({ active }) => t('setup:cameras.dragCancel', { name: nameOf(active.id) }),
            },
          }}
        >
          <SortableContext items={items.map((c) => c.id)} strategy={verticalListSortingStrategy}>
            <Stack gap={6} data-testid="camera-order">
              {items.map((camera, index) => (
                <SortableCamera key={camera.id} camera={camera} index={index} />
              ))}
            </Stack>
          </SortableContext>
        </DndContext>
      )}
    </Card>
  );
}
