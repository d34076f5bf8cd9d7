import { ActionIcon, Badge, Card, Checkbox, Group, Menu, Pagination, SimpleGrid, Skeleton, Stack, Text } from '@mantine/core';
import { IconDots, IconPlayerPlayFilled } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '../../../lib/format';
import type { PhotoData } from '../api/photos.query';
import { fullName } from '../lib/names';
import classes from './photos.module.css';

export interface PhotoAction {
  key: string;
  label: string;
  color?: string;
  onClick(photo: PhotoData): void;
}

interface Props {
  photos: readonly PhotoData[];
  loading?: boolean;
  /** Page info for the pager under the grid. */
  page?: { current: number; last: number; onChange(page: number): void };
  /** The actions of a photo's menu (none for families). */
  actions?(photo: PhotoData): PhotoAction[];
  /** Selection (managers approving several). */
  selected?: readonly string[];
  onSelect?(id: string, on: boolean): void;
  /** Which photos have a checkbox (default: every one). */
  selectable?(photo: PhotoData): boolean;
  onOpen(photo: PhotoData): void;
  /** Shown above the grid (counts, bulk actions). */
  toolbar?: ReactNode;
  testId?: string;
}

/**
 * The gallery: thumbnails in fixed 4:3 boxes (lazy images, no layout shift), two columns on a
 * phone, three on a tablet, more on wider screens; each with its status, caption, tags and menu.
 */
export function PhotoGrid({
  photos,
  loading,
  page,
  actions,
  selected,
  onSelect,
  selectable,
  onOpen,
  toolbar,
  testId = 'photo-grid',
}: Props) {
  const { t } = useTranslation(['photos', 'shell']);
  const chosen = new Set(selected ?? []);
  return (
    <Stack gap="sm" data-testid={testId}>
      {toolbar}
      {loading && photos.length === 0 ? (
        <SimpleGrid cols={{ base: 2, sm: 3, lg: 4, xl: 5 }} spacing="sm">
          {Array.from({ length: 8 }, (_, i) => (
            <div key={i} className={classes.thumbBox}>
              <Skeleton h="100%" />
            </div>
          ))}
        </SimpleGrid>
      ) : photos.length === 0 ? (
        <Text c="dimmed" ta="center" py="xl" data-testid="photos-empty">
          {t('shell:table.empty')}
        </Text>
      ) : (
        <SimpleGrid cols={{ base: 2, sm: 3, lg: 4, xl: 5 }} spacing="sm">
          {photos.map((photo) => {
            const video = photo.file?.content_type?.startsWith('video/') ?? false;
            const menu = actions?.(photo) ?? [];
            const tags = [...photo.students, ...photo.staff].map(fullName);
            return (
              <Card
                key={photo.id}
                withBorder
                padding="xs"
                radius="md"
                data-testid="photo-card"
                data-photo-id={photo.id}
                data-status={photo.status}
              >
                <div className={classes.thumbBox}>
                  <button
                    type="button"
                    className={classes.thumbButton}
                    onClick={() => onOpen(photo)}
                    aria-label={t('photos:gallery.open', { caption: photo.caption || formatDateTime(photo.taken_at) })}
                  >
                    {photo.file?.thumbnail_url ? (
                      <img
                        src={photo.file.thumbnail_url}
                        alt={photo.caption ?? ''}
                        loading="lazy"
                        decoding="async"
                        width={400}
                        height={300}
                        className={classes.thumb}
                        data-testid="photo-thumb"
                      />
                    ) : null}
                  </button>
                  {video ? (
                    <span className={classes.play} aria-hidden>
                      <IconPlayerPlayFilled size={36} />
                    </span>
                  ) : null}
                  {photo.status === 'pending' ? (
                    <Badge className={classes.badge} color="warning" variant="filled" size="sm" data-testid="photo-pending">
                      {t('photos:status.pending')}
                    </Badge>
                  ) : null}
                  {onSelect && (!selectable || selectable(photo)) ? (
                    <label className={classes.select}>
                      <Checkbox
                        checked={chosen.has(photo.id)}
                        onChange={(e) => onSelect(photo.id, e.currentTarget.checked)}
                        aria-label={t('photos:gallery.select', { caption: photo.caption || formatDateTime(photo.taken_at) })}
                        size="md"
                        data-testid="photo-select"
                      />
                    </label>
                  ) : null}
                </div>
                <Group justify="space-between" align="flex-start" wrap="nowrap" gap={4} mt={6}>
                  <Stack gap={2} style={{ minWidth: 0 }}>
                    {photo.caption ? (
                      <Text size="sm" fw={500} lineClamp={2} className={classes.caption} data-testid="photo-caption">
                        {photo.caption}
                      </Text>
                    ) : null}
                    <Text size="xs" c="dimmed">
                      {formatDateTime(photo.taken_at)}
                    </Text>
                    {tags.length ? (
                      <Text size="xs" c="dimmed" lineClamp={2} data-testid="photo-tags">
                        {tags.join(', ')}
                      </Text>
                    ) : null}
                  </Stack>
                  {menu.length ? (
                    <Menu position="bottom-end" withinPortal>
                      <Menu.Target>
                        <ActionIcon
                          variant="subtle"
                          className={classes.touch}
                          aria-label={t('photos:gallery.actions')}
                          data-testid="photo-menu"
                        >
                          <IconDots size={20} aria-hidden />
                        </ActionIcon>
                      </Menu.Target>
                      <Menu.Dropdown>
                        {menu.map((action) => (
                          <Menu.Item
                            key={action.key}
                            color={action.color}
                            className={classes.touch}
                            onClick={() => action.onClick(photo)}
                            data-testid={`photo-${action.key}`}
                          >
                            {action.label}
                          </Menu.Item>
                        ))}
                      </Menu.Dropdown>
                    </Menu>
                  ) : null}
                </Group>
              </Card>
            );
          })}
        </SimpleGrid>
      )}
      {page && page.last > 1 ? (
        <Group justify="center">
          <Pagination
            value={page.current}
            total={page.last}
            onChange={page.onChange}
            size="lg"
            classNames={{ control: classes.touch }}
            data-testid="photos-pager"
          />
        </Group>
      ) : null}
    </Stack>
  );
}
