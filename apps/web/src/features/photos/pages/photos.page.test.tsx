// @vitest-environment jsdom
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { i18n as I18n } from 'i18next';
import type { ReactElement } from 'react';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../../test/render';
import { createTestI18n } from '../../../test/test-i18n';
import { PhotosStaffPage, PhotosStudentsPage } from './photos.page';

vi.mock('../../../lib/notices', () => ({ showMessage: vi.fn(), showNotice: vi.fn() }));

const state = vi.hoisted(() => ({
  viewer: { role: 'manager', roles: ['manager'], permissions: [] as string[], user: { id: '2' } },
  queries: [] as { name: string; variables: Record<string, unknown> }[],
  mutations: [] as { name: string; vars: unknown }[],
}));

vi.mock('../../../lib/shell-context', () => ({ useViewer: () => state.viewer }));

const person = (id: string, fname: string, lname: string) => ({ id, fname, lname });
const photo = (id: string, status: string, caption: string) => ({
  id,
  album: 'students',
  location_id: '1',
  caption,
  taken_at: '2026-11-20T10:00:00.000Z',
  status,
  file: { id: `f${id}`, content_type: 'image/webp', width: 1920, height: 1440, url: `/o/${id}`, thumbnail_url: `/t/${id}` },
  students: [person('7', 'Emma', 'Bennett')],
  staff: [],
  uploaded_by: person('3', 'Priya', 'Natarajan'),
  approved_by: null,
  approved_at: null,
  created_at: '2026-11-20T10:00:00.000Z',
});

vi.mock('urql', () => {
  const nameOf = (doc: { definitions: { name?: { value: string } }[] }) => doc.definitions[0]?.name?.value ?? '';
  let cached: Record<string, unknown> | null = null;
  // Stable answers, as urql's cache gives them (a new object each render would re-run every effect).
  const answers = (): Record<string, unknown> =>
    (cached ??= {
      PhotosAlbum: {
        getPhotos: {
          data: [photo('1', 'pending', 'Painting'), photo('2', 'approved', 'Garden')],
          paginatorInfo: { currentPage: 1, lastPage: 1, perPage: 24, total: 2 },
        },
      },
      PhotosImagesSetting: { getImagesSetting: { long_side: 1920, quality: 82, thumbnail: 400 } },
      PhotosChildOptions: { students: { data: [{ id: '7', full_name: 'Emma Bennett' }] } },
    });
  return {
    useQuery: ({ query, variables, pause }: { query: never; variables?: Record<string, unknown>; pause?: boolean }) => {
      const name = nameOf(query);
      if (!pause) state.queries.push({ name, variables: variables ?? {} });
      return [{ data: pause ? undefined : answers()[name], fetching: false }, () => {}];
    },
    useMutation: (doc: never) => [
      { fetching: false },
      async (vars: unknown) => {
        state.mutations.push({ name: nameOf(doc), vars });
        return {
          data: { approvePhoto: { status: true, message: 'Photo approved.', color: 'success', photo: { id: '1', status: 'approved' } } },
        };
      },
    ],
    useClient: () => ({}),
  };
});

let i18n: I18n;
beforeAll(async () => {
  i18n = await createTestI18n('en');
});
beforeEach(() => {
  state.queries.length = 0;
  state.mutations.length = 0;
});
afterEach(cleanup);

const MANAGER = ['students.view', 'activities.manage', 'settings.manage', 'students.edit'];
const TEACHER = ['students.view', 'activities.manage'];

function show(page: ReactElement) {
  return renderWithProviders(<MemoryRouter>{page}</MemoryRouter>, i18n);
}

describe('the photo albums', () => {
  it('lets a manager approve the selected pending photos, and shows the image size and Resize images', async () => {
    state.viewer = { ...state.viewer, role: 'manager', permissions: MANAGER };
    show(<PhotosStudentsPage />);
    const grid = await screen.findByTestId('photo-grid');
    const cards = within(grid).getAllByTestId('photo-card');
    expect(cards.map((c) => c.getAttribute('data-status'))).toEqual(['pending', 'approved']);
    // Only the pending photo can be selected.
    expect(within(cards[0]!).getByTestId('photo-select')).toBeTruthy();
    expect(within(cards[1]!).queryByTestId('photo-select')).toBeNull();
    fireEvent.click(within(cards[0]!).getByTestId('photo-select'));
    fireEvent.click(screen.getByTestId('photos-approve-selected'));
    await waitFor(() => expect(state.mutations).toEqual([{ name: 'PhotosApprove', vars: { id: '1' } }]));

    expect(screen.getByTestId('image-tools')).toBeTruthy();
    await waitFor(() => expect((screen.getByLabelText(/Long side/) as HTMLInputElement).value).toBe('1920'));
    expect(screen.getByTestId('resize-start')).toBeTruthy();
    expect(state.queries.find((q) => q.name === 'PhotosAlbum')?.variables).toMatchObject({ album: 'students', page: 1, first: 24 });
  });

  it('gives a teacher the gallery and uploads, without approval or the image tools', async () => {
    state.viewer = { ...state.viewer, role: 'teacher', permissions: TEACHER };
    show(<PhotosStaffPage />);
    const grid = await screen.findByTestId('photo-grid');
    expect(within(grid).queryByTestId('photo-select')).toBeNull();
    expect(screen.queryByTestId('photos-approve-selected')).toBeNull();
    expect(screen.queryByTestId('image-tools')).toBeNull();
    expect(screen.queryByTestId('photos-filter-child')).toBeNull();
    expect(state.queries.find((q) => q.name === 'PhotosAlbum')?.variables).toMatchObject({ album: 'staff', student: null });
    // No location picked in the top bar: the upload asks for one.
    fireEvent.click(screen.getByTestId('photos-upload'));
    await screen.findByTestId('photos-location-needed');
  });

  it('filters by status from the first page', async () => {
    state.viewer = { ...state.viewer, role: 'teacher', permissions: TEACHER };
    show(<PhotosStudentsPage />);
    await screen.findByTestId('photo-grid');
    fireEvent.click(screen.getByTestId('photos-filter-status'));
    const options = await screen.findAllByRole('option', { hidden: true });
    fireEvent.click(options.find((o) => o.textContent === 'Awaiting approval')!);
    await waitFor(() =>
      expect(state.queries.filter((q) => q.name === 'PhotosAlbum').at(-1)?.variables).toMatchObject({ status: 'pending', page: 1 }),
    );
  });
});
