import { STARRED_PAGES_LIMIT } from '@kv/shared';
import { createPersistentStore } from './persistent-store';
import { STORAGE_KEYS } from './storage-keys';

export interface StarredPage {
  path: string;
  /** i18n key of the page title. */
  title: string;
}

const isStarredList = (value: unknown): value is StarredPage[] =>
  Array.isArray(value) &&
  value.every(
    (p) =>
      typeof p === 'object' && p !== null && typeof (p as StarredPage).path === 'string' && typeof (p as StarredPage).title === 'string',
  );

export const starredPages = createPersistentStore<StarredPage[]>(STORAGE_KEYS.starredPages, isStarredList, []);

export type StarToggle = 'added' | 'removed' | 'full';

/** Stars or un-stars a page; at the spec's limit of 10 nothing is added. */
export function toggleStar(
  list: readonly StarredPage[],
  page: StarredPage,
  limit = STARRED_PAGES_LIMIT,
): { list: StarredPage[]; result: StarToggle } {
  if (list.some((p) => p.path === page.path)) return { list: list.filter((p) => p.path !== page.path), result: 'removed' };
  if (list.length >= limit) return { list: [...list], result: 'full' };
  return { list: [...list, page], result: 'added' };
}
