import { Checkbox, Group, Pagination, Select, Table, Text, TextInput, UnstyledButton, VisuallyHidden } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconArrowsSort, IconSearch, IconSortAscending, IconSortDescending } from '@tabler/icons-react';
import { useDeferredValue, useEffect, useId, useMemo, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { PAGE_SIZE_DEFAULT } from '@kv/shared';
import classes from './data-table.module.css';
import { filterRows, getByPath, nextSort, pageCount, paginate, sortRows, type SortState } from './table-model';

export interface DataTableColumn<T> {
  /** Dot path into the row (`location.name`): what sorting and searching read. */
  key: string;
  header: string;
  render?(row: T): ReactNode;
  /** Value used for sorting and searching when the path alone is not enough. */
  value?(row: T): unknown;
  sortable?: boolean;
  searchable?: boolean;
  width?: number | string;
}

export interface PaginatorInfo {
  currentPage: number;
  lastPage: number;
  perPage: number;
  total: number;
}

/** Server paging: the server returns one page and its `paginatorInfo`; the table asks for `page`/`first`. */
export interface ServerPaging {
  paginatorInfo: PaginatorInfo | null;
  onPage(request: { page: number; first: number }): void;
  /** When given, search runs on the server; otherwise it filters the rows of the current page. */
  onSearch?(query: string): void;
  /** When given, sorting runs on the server; otherwise it orders the current page. */
  onSort?(sort: SortState | null): void;
}

/**
 * Row selection (optional): a checkbox per row and one in the header that selects or clears every
 * row of the shown page. The caller owns the selected keys (`rowKey`) and names the checkboxes.
 */
export interface RowSelection<T> {
  selected: readonly string[];
  onChange(keys: string[]): void;
  /** Accessible name of a row's checkbox ("Select Emma Bennett"). */
  rowLabel(row: T): string;
  /** Accessible name of the header checkbox ("Select all on this page"). */
  allLabel: string;
}

export interface DataTableProps<T> {
  /** Accessible name of the table. */
  label: string;
  rows: readonly T[];
  columns: readonly DataTableColumn<T>[];
  rowKey(row: T): string;
  loading?: boolean;
  server?: ServerPaging;
  pageSizes?: readonly number[];
  toolbar?: ReactNode;
  initialSort?: SortState | null;
  selection?: RowSelection<T>;
}

const DEFAULT_PAGE_SIZES = [10, 25, 50, 100] as const;

/** The app's table (spec §9): page size 25, "Search...", "Showing:", sort none → asc → desc, nested fields. */
export function DataTable<T>({
  label,
  rows: latestRows,
  columns,
  rowKey,
  loading: fetching = false,
  server,
  pageSizes = DEFAULT_PAGE_SIZES,
  toolbar,
  initialSort = null,
  selection,
}: DataTableProps<T>) {
  const { t } = useTranslation('common');
  const sizeId = useId();
  // Arrived rows render in a background (time-sliced) pass: a page of rows with avatars and badges
  // never holds the main thread in one long task; until then the placeholder rows stay.
  const rows = useDeferredValue(latestRows);
  const loading = fetching || (rows !== latestRows && rows.length === 0);
  const [query, setQuery] = useState('');
  const [debouncedQuery] = useDebouncedValue(query, server?.onSearch ? 300 : 0);
  const [sort, setSort] = useState<SortState | null>(initialSort);
  const [page, setPage] = useState(1);
  const [pageSize, setPageSize] = useState<number>(server?.paginatorInfo?.perPage ?? PAGE_SIZE_DEFAULT);

  const valueOf = useMemo(() => {
    const byKey = new Map(columns.map((c) => [c.key, c]));
    return (row: T, key: string) => {
      const column = byKey.get(key);
      return column?.value ? column.value(row) : getByPath(row, key);
    };
  }, [columns]);

  const searchKeys = useMemo(() => columns.filter((c) => c.searchable !== false).map((c) => c.key), [columns]);

  useEffect(() => {
    if (server?.onSearch) server.onSearch(debouncedQuery);
    // Only the query matters; the callback identity may change every render.
  }, [debouncedQuery]);

  const local = useMemo(() => {
    const searched = server?.onSearch ? [...rows] : filterRows(rows, query, searchKeys, valueOf);
    return server?.onSort ? searched : sortRows(searched, sort, valueOf);
  }, [rows, query, searchKeys, valueOf, sort, server]);

  const info = server?.paginatorInfo ?? null;
  const total = server ? (info?.total ?? 0) : local.length;
  const size = server ? (info?.perPage ?? pageSize) : pageSize;
  const current = server ? (info?.currentPage ?? 1) : Math.min(page, pageCount(local.length, pageSize));
  const pages = server ? (info?.lastPage ?? 1) : pageCount(local.length, pageSize);
  const visible = server ? local : paginate(local, current, pageSize);
  const from = total === 0 ? 0 : (current - 1) * size + 1;
  const to = server ? from + Math.max(0, visible.length - 1) : Math.min(total, current * size);

  const selected = useMemo(() => new Set(selection?.selected ?? []), [selection?.selected]);
  const visibleKeys = visible.map(rowKey);
  const pageSelected = visibleKeys.filter((key) => selected.has(key)).length;
  const allOnPage = visibleKeys.length > 0 && pageSelected === visibleKeys.length;
  const span = columns.length + (selection ? 1 : 0);

  function togglePage() {
    if (!selection) return;
    if (allOnPage) selection.onChange(selection.selected.filter((key) => !visibleKeys.includes(key)));
    else selection.onChange([...selection.selected, ...visibleKeys.filter((key) => !selected.has(key))]);
  }

  function toggleRow(key: string, on: boolean) {
    if (!selection) return;
    if (on) selection.onChange(selected.has(key) ? [...selection.selected] : [...selection.selected, key]);
    else selection.onChange(selection.selected.filter((k) => k !== key));
  }

  function changeSort(key: string) {
    const next = nextSort(sort, key);
    setSort(next);
    server?.onSort?.(next);
  }

  function changePage(next: number) {
    if (server) server.onPage({ page: next, first: size });
    else setPage(next);
  }

  function changePageSize(value: string | null) {
    const next = Number(value);
    if (!Number.isFinite(next) || next <= 0) return;
    setPageSize(next);
    setPage(1);
    server?.onPage({ page: 1, first: next });
  }

  return (
    <div className={classes.root}>
      <Group justify="space-between" gap="sm" mb="sm" wrap="wrap">
        <Group gap="xs" wrap="nowrap">
          <Text size="sm" component="label" htmlFor={sizeId}>
            {t('shell:table.showing')}
          </Text>
          <Select
            id={sizeId}
            data={pageSizes.map((n) => String(n))}
            value={String(size)}
            onChange={changePageSize}
            allowDeselect={false}
            w={84}
            size="xs"
            data-testid="table-page-size"
          />
        </Group>
        <Group gap="xs" wrap="wrap">
          {toolbar}
          <TextInput
            value={query}
            onChange={(event) => {
              setQuery(event.currentTarget.value);
              setPage(1);
            }}
            placeholder={t('shell:table.search')}
            aria-label={t('shell:table.searchLabel')}
            leftSection={<IconSearch size={16} aria-hidden />}
            size="sm"
            w={{ base: '100%', xs: 240 }}
            data-testid="table-search"
          />
        </Group>
      </Group>
      <Table.ScrollContainer minWidth={560} type="native" className={classes.scroll}>
        <Table
          striped
          highlightOnHover
          verticalSpacing="sm"
          aria-label={label}
          aria-busy={loading || undefined}
          className={classes.stacked}
        >
          <Table.Thead>
            <Table.Tr>
              {selection ? (
                <Table.Th className={classes.selectCell}>
                  <Checkbox
                    aria-label={selection.allLabel}
                    checked={allOnPage}
                    indeterminate={pageSelected > 0 && !allOnPage}
                    disabled={visibleKeys.length === 0}
                    onChange={togglePage}
                    data-testid="table-select-all"
                  />
                </Table.Th>
              ) : null}
              {columns.map((column) => {
                const sortable = column.sortable !== false;
                const direction = sort?.key === column.key ? sort.direction : null;
                const ariaSort = direction === 'asc' ? 'ascending' : direction === 'desc' ? 'descending' : sortable ? 'none' : undefined;
                return (
                  <Table.Th key={column.key} style={{ width: column.width }} aria-sort={ariaSort}>
                    {sortable ? (
                      <UnstyledButton
                        className={classes.sortButton}
                        onClick={() => changeSort(column.key)}
                        data-testid={`sort-${column.key}`}
                      >
                        <span>{column.header}</span>
                        {direction === 'asc' ? (
                          <IconSortAscending size={14} aria-hidden />
                        ) : direction === 'desc' ? (
                          <IconSortDescending size={14} aria-hidden />
                        ) : (
                          <IconArrowsSort size={14} aria-hidden className={classes.idleIcon} />
                        )}
                      </UnstyledButton>
                    ) : (
                      column.header
                    )}
                  </Table.Th>
                );
              })}
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {loading && visible.length === 0 ? (
              // A page of placeholder rows: the rows that arrive take their place instead of pushing
              // what is below them (the footer) down the screen.
              Array.from({ length: pageSize }, (_, i) => (
                <Table.Tr key={i} data-testid={i === 0 ? 'table-loading' : undefined}>
                  {selection ? <Table.Td className={classes.selectCell} /> : null}
                  {columns.map((column, c) => (
                    <Table.Td key={column.key} data-label={column.header}>
                      {i === 0 && c === 0 ? <VisuallyHidden role="status">{t('common:loading')}</VisuallyHidden> : null}
                      {/* Plain elements, not a Mantine component per cell: they render on a first load, when the main thread is busiest. */}
                      <span className={classes.placeholder} data-wide={c === 0 || undefined} aria-hidden />
                    </Table.Td>
                  ))}
                </Table.Tr>
              ))
            ) : visible.length === 0 ? (
              <Table.Tr>
                <Table.Td colSpan={span} ta="center" c="dimmed" data-testid="table-empty">
                  {t('shell:table.empty')}
                </Table.Td>
              </Table.Tr>
            ) : (
              visible.map((row) => {
                const key = rowKey(row);
                const on = selected.has(key);
                return (
                  <Table.Tr key={key} className={on ? classes.selectedRow : undefined} data-selected={on || undefined}>
                    {selection ? (
                      <Table.Td className={classes.selectCell}>
                        <Checkbox
                          aria-label={selection.rowLabel(row)}
                          checked={on}
                          onChange={(event) => toggleRow(key, event.currentTarget.checked)}
                          data-testid={`table-select-${key}`}
                        />
                      </Table.Td>
                    ) : null}
                    {columns.map((column) => (
                      <Table.Td key={column.key} data-label={column.header}>
                        {column.render ? column.render(row) : String(valueOf(row, column.key) ?? '')}
                      </Table.Td>
                    ))}
                  </Table.Tr>
                );
              })
            )}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
      <Group justify="space-between" mt="sm" gap="sm" wrap="wrap">
        <Text size="sm" c="dimmed" data-testid="table-range">
          {t('shell:table.range', { from, to, total })}
        </Text>
        {pages > 1 ? (
          <Pagination
            total={pages}
            value={current}
            onChange={changePage}
            size="sm"
            getControlProps={(control) => ({ 'aria-label': t(`shell:table.pages.${control}`) })}
            getItemProps={(item) => ({ 'aria-label': t('shell:table.pages.page', { page: item }) })}
          />
        ) : null}
      </Group>
    </div>
  );
}
