// @vitest-environment jsdom
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { i18n as I18n } from 'i18next';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../../test/render';
import { createTestI18n } from '../../../test/test-i18n';
import { StudentMedia } from './student-media';

vi.mock('../../../lib/notices', () => ({ showMessage: vi.fn(), showNotice: vi.fn() }));

const person = (id: string, fname: string, lname: string) => ({ id, fname, lname });
const photo = (id: string, caption: string) => ({
  id,
  album: 'students',
  location_id: '1',
  caption,
  taken_at: '2026-11-20T10:00:00.000Z',
  status: 'approved',
  file: { id: `f${id}`, content_type: 'image/webp', width: 1920, height: 1440, url: `/o/${id}`, thumbnail_url: `/t/${id}` },
  students: [person('7', 'Emma', 'Bennett')],
  staff: [],
  uploaded_by: person('3', 'Priya', 'Natarajan'),
  approved_by: null,
  approved_at: null,
  created_at: '2026-11-20T10:00:00.000Z',
});

/** What the mocked urql hooks answer: the consent and the child's photos; mutations are recorded. */
const backend = vi.hoisted(() => ({
  photos: [] as unknown[],
  mutations: [] as { name: string; vars: unknown }[],
}));

vi.mock('urql', () => {
  const nameOf = (doc: { definitions: { name?: { value: string } }[] }) => doc.definitions[0]?.name?.value ?? '';
  return {
    useQuery: ({ query }: { query: never }) => {
      const data =
        nameOf(query) === 'PhotosConsent'
          ? {
              student: {
                id: '7',
                photo_consent: { student_id: '7', consent: 'own_family', source: null, recorded_by: null, created_at: null },
              },
            }
          : {
              getPhotos: {
                data: backend.photos,
                paginatorInfo: { currentPage: 1, lastPage: 1, perPage: 12, total: backend.photos.length },
              },
            };
      return [{ data, fetching: false }, () => {}];
    },
    useMutation: (doc: never) => [
      { fetching: false },
      async (vars: unknown) => {
        backend.mutations.push({ name: nameOf(doc), vars });
        return {
          data: {
            updatePhotoConsent: {
              status: true,
              message: 'Photo consent saved.',
              color: 'success',
              consent: { student_id: '7', consent: 'other_families', source: 'guardian', created_at: '2026-11-27T10:00:00.000Z' },
            },
          },
        };
      },
    ],
  };
});

let i18n: I18n;
beforeAll(async () => {
  i18n = await createTestI18n('en');
});
afterEach(() => {
  cleanup();
  backend.mutations.length = 0;
});

describe('a child’s photos and photo consent', () => {
  it('shows the photos as lazy thumbnails in fixed boxes, and lets a legal guardian change the consent', async () => {
    backend.photos = [photo('1', 'Painting'), photo('2', 'Garden')];
    renderWithProviders(<StudentMedia studentId="7" consentBy="guardian" />, i18n);
    const grid = await screen.findByTestId('student-photos');
    const thumbs = within(grid).getAllByTestId('photo-thumb');
    expect(thumbs).toHaveLength(2);
    for (const img of thumbs) {
      expect(img.getAttribute('loading')).toBe('lazy');
      expect(img.getAttribute('width')).toBe('400');
      expect(img.getAttribute('height')).toBe('300');
    }
    expect(within(grid).queryByTestId('photo-menu')).toBeNull();
    expect(screen.getByTestId('photo-consent-current').getAttribute('data-value')).toBe('own_family');
    expect(screen.getByText(/Group photos with this child may be shown/)).toBeTruthy();

    fireEvent.click(screen.getByTestId('photo-consent-other_families'));
    fireEvent.click(screen.getByTestId('photo-consent-save'));
    await waitFor(() =>
      expect(backend.mutations).toEqual([{ name: 'PhotosUpdateConsent', vars: { student_id: '7', consent: 'other_families' } }]),
    );
  });

  it('reads the consent only (no choice) for other viewers, and says "No data available." without photos', async () => {
    backend.photos = [];
    renderWithProviders(<StudentMedia studentId="7" consentBy={null} />, i18n);
    await screen.findByText('No data available.');
    expect(screen.queryByTestId('photo-consent-save')).toBeNull();
    expect(screen.getByTestId('photo-consent-current').textContent).toBe('Our family only');
  });
});
