// @vitest-environment jsdom
import { cleanup, fireEvent, screen, within } from '@testing-library/react';
import type { i18n as I18n } from 'i18next';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { renderWithProviders } from '../../test/render';
import { createTestI18n } from '../../test/test-i18n';
import { useState } from 'react';
import { DataTable, type DataTableColumn } from './data-table';

interface Row {
  id: string;
  name: string;
  location: { name: string };
}

const columns: DataTableColumn<Row>[] = [
  { key: 'name', header: 'Name' },
  { key: 'location.name', header: 'Location' },
];

const makeRows = (n: number): Row[] =>
  Array.from({ length: n }, (_, i) => ({
    id: String(i),
    name: `Child ${String(i).padStart(2, '0')}`,
    location: { name: i % 2 ? 'Riverside' : 'Downtown' },
  }));

let i18n: I18n;
beforeAll(async () => {
  i18n = await createTestI18n('en');
});
afterEach(cleanup);

function bodyNames() {
  const table = screen.getByRole('table', { name: 'Children' });
  return within(table)
    .getAllByRole('row')
    .slice(1)
    .map((row) => within(row).getAllByRole('cell')[0]!.textContent);
}

describe('DataTable', () => {
  it('says "No data available." when there are no rows', () => {
    renderWithProviders(<DataTable label="Children" rows={[]} columns={columns} rowKey={(r) => r.id} />, i18n);
    expect(screen.getByTestId('table-empty').textContent).toBe('No data available.');
  });

  it('holds a page of placeholder rows while the first rows load', () => {
    renderWithProviders(<DataTable label="Children" rows={[]} columns={columns} rowKey={(r) => r.id} loading />, i18n);
    const table = screen.getByRole('table', { name: 'Children' });
    expect(table.getAttribute('aria-busy')).toBe('true');
    expect(within(table).getAllByRole('row').slice(1)).toHaveLength(25);
    expect(within(table).getByRole('status').textContent).toBe('Loading…');
    expect(screen.queryByTestId('table-empty')).toBeNull();
  });

  it('shows 25 rows per page by default, with the spec labels', () => {
    renderWithProviders(<DataTable label="Children" rows={makeRows(30)} columns={columns} rowKey={(r) => r.id} />, i18n);
    expect(bodyNames()).toHaveLength(25);
    expect(screen.getByPlaceholderText('Search...')).toBeTruthy();
    expect(screen.getByText('Showing:')).toBeTruthy();
    expect(screen.getByTestId('table-range').textContent).toBe('1–25 of 30');
  });

  it('cycles the sort none → ascending → descending → none', () => {
    const rows = [makeRows(3)[1]!, makeRows(3)[2]!, makeRows(3)[0]!];
    renderWithProviders(<DataTable label="Children" rows={rows} columns={columns} rowKey={(r) => r.id} />, i18n);
    const header = () => screen.getByTestId('sort-name').closest('th')!;
    expect(header().getAttribute('aria-sort')).toBe('none');
    expect(bodyNames()).toEqual(['Child 01', 'Child 02', 'Child 00']);
    fireEvent.click(screen.getByTestId('sort-name'));
    expect(header().getAttribute('aria-sort')).toBe('ascending');
    expect(bodyNames()).toEqual(['Child 00', 'Child 01', 'Child 02']);
    fireEvent.click(screen.getByTestId('sort-name'));
    expect(header().getAttribute('aria-sort')).toBe('descending');
    expect(bodyNames()).toEqual(['Child 02', 'Child 01', 'Child 00']);
    fireEvent.click(screen.getByTestId('sort-name'));
    expect(header().getAttribute('aria-sort')).toBe('none');
    expect(bodyNames()).toEqual(['Child 01', 'Child 02', 'Child 00']);
  });

  it('searches a nested field', () => {
    renderWithProviders(<DataTable label="Children" rows={makeRows(6)} columns={columns} rowKey={(r) => r.id} />, i18n);
    fireEvent.change(screen.getByTestId('table-search'), { target: { value: 'riverside' } });
    expect(bodyNames()).toEqual(['Child 01', 'Child 03', 'Child 05']);
    fireEvent.change(screen.getByTestId('table-search'), { target: { value: 'nowhere' } });
    expect(screen.getByTestId('table-empty').textContent).toBe('No data available.');
  });

  it('asks the server for a page with page and first', () => {
    const requests: { page: number; first: number }[] = [];
    renderWithProviders(
      <DataTable
        label="Children"
        rows={makeRows(25)}
        columns={columns}
        rowKey={(r) => r.id}
        server={{ paginatorInfo: { currentPage: 1, lastPage: 3, perPage: 25, total: 60 }, onPage: (r) => requests.push(r) }}
      />,
      i18n,
    );
    expect(screen.getByTestId('table-range').textContent).toBe('1–25 of 60');
    fireEvent.click(screen.getByRole('button', { name: 'Page 2' }));
    expect(requests).toEqual([{ page: 2, first: 25 }]);
  });

  it('has no checkboxes unless selection is asked for', () => {
    renderWithProviders(<DataTable label="Children" rows={makeRows(3)} columns={columns} rowKey={(r) => r.id} />, i18n);
    expect(screen.queryAllByRole('checkbox')).toHaveLength(0);
    expect(within(screen.getByRole('table', { name: 'Children' })).getAllByRole('columnheader')).toHaveLength(2);
  });

  it('selects rows one by one and every row of the shown page at once', () => {
    const changes: string[][] = [];
    function Selectable() {
      const [selected, setSelected] = useState<string[]>(['29']);
      return (
        <DataTable
          label="Children"
          rows={makeRows(30)}
          columns={columns}
          rowKey={(r) => r.id}
          selection={{
            selected,
            onChange: (keys) => {
              changes.push(keys);
              setSelected(keys);
            },
            rowLabel: (r) => `Select ${r.name}`,
            allLabel: 'Select all on this page',
          }}
        />
      );
    }
    renderWithProviders(<Selectable />, i18n);
    const all = screen.getByRole('checkbox', { name: 'Select all on this page' }) as HTMLInputElement;
    const row = (name: string) => screen.getByRole('checkbox', { name: `Select ${name}` }) as HTMLInputElement;
    expect(screen.getAllByRole('checkbox')).toHaveLength(26);
    expect(all.checked).toBe(false);

    fireEvent.click(row('Child 03'));
    expect(changes.at(-1)).toEqual(['29', '3']);
    expect(row('Child 03').checked).toBe(true);
    expect(row('Child 03').closest('tr')!.hasAttribute('data-selected')).toBe(true);
    expect(all.indeterminate).toBe(true);

    // The header adds the rest of the page (25 rows), keeping a selection from another page.
    fireEvent.click(all);
    const afterAll = changes.at(-1)!;
    expect(afterAll).toHaveLength(26);
    expect(afterAll.slice(0, 2)).toEqual(['29', '3']);
    expect(new Set(afterAll)).toEqual(new Set(['29', ...Array.from({ length: 25 }, (_, i) => String(i))]));
    expect(all.checked).toBe(true);
    expect(all.indeterminate).toBe(false);

    // Clicking it again clears this page only.
    fireEvent.click(all);
    expect(changes.at(-1)).toEqual(['29']);
    expect(row('Child 03').checked).toBe(false);

    fireEvent.click(row('Child 04'));
    fireEvent.click(row('Child 04'));
    expect(changes.at(-1)).toEqual(['29']);
  });

  it('spans the empty state over the checkbox column and disables select-all', () => {
    renderWithProviders(
      <DataTable
        label="Children"
        rows={[]}
        columns={columns}
        rowKey={(r) => r.id}
        selection={{ selected: [], onChange: () => {}, rowLabel: (r) => r.name, allLabel: 'Select all on this page' }}
      />,
      i18n,
    );
    expect(screen.getByTestId('table-empty').getAttribute('colspan')).toBe('3');
    expect((screen.getByRole('checkbox', { name: 'Select all on this page' }) as HTMLInputElement).disabled).toBe(true);
  });
});
