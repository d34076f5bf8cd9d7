import { PAGE_SIZE_DEFAULT, PAGE_SIZE_MAX } from '@kv/shared';
import { badInput } from '@kv/server';

export interface PageArgs {
  page?: number | null;
  first?: number | null;
}

export interface Page {
  page: number;
  perPage: number;
  offset: number;
}

export interface PaginatorInfo {
  currentPage: number;
  lastPage: number;
  perPage: number;
  total: number;
}

export function toPage({ page, first }: PageArgs): Page {
  const p = page ?? 1;
  const perPage = first ?? PAGE_SIZE_DEFAULT;
  if (!Number.isInteger(p) || p < 1) throw badInput('page', 'page must be 1 or more.');
  if (!Number.isInteger(perPage) || perPage < 1 || perPage > PAGE_SIZE_MAX)
    throw badInput('first', `first must be between 1 and ${PAGE_SIZE_MAX}.`);
  return { page: p, perPage, offset: (p - 1) * perPage };
}

export function paginatorInfo(total: number, page: Page): PaginatorInfo {
  return { currentPage: page.page, lastPage: Math.max(1, Math.ceil(total / page.perPage)), perPage: page.perPage, total };
}
