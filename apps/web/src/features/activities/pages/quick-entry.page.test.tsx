// @vitest-environment jsdom
import '../../../test/dom';
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import type { i18n as I18n } from 'i18next';
import { Client, Provider, fetchExchange } from 'urql';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { AppConfig } from '../../../lib/app-config';
import { currentLocation } from '../../../lib/current-location';
import type { SessionSnapshot, SessionStore } from '../../../lib/session-store';
import { ShellContext, type Shell } from '../../../lib/shell-context';
import { renderWithProviders } from '../../../test/render';
import { createTestI18n } from '../../../test/test-i18n';
import type { MediaUpload } from '../lib/media';
import { QuickEntryPage } from './quick-entry.page';

const notices = vi.hoisted(() => ({ showMessage: vi.fn() }));
vi.mock('../../../lib/notices', () => ({ showMessage: notices.showMessage, showNotice: vi.fn() }));

const ROOM = [
  { id: '1', full_name: 'Emma Bennett', image: null, program_id: '5' },
  { id: '2', full_name: 'Liam Chen', image: null, program_id: '5' },
  { id: '3', full_name: 'Ava Lopez', image: null, program_id: '5' },
];

/** The tenant API as the page sees it over HTTP: the location, the room's check-ins, and the saves it receives. */
function fakeApi() {
  const saves: { operationName: string; variables: Record<string, unknown> }[] = [];
  const fetch = vi.fn(async (_url: unknown, init?: { body?: unknown }) => {
    const { operationName, variables } = JSON.parse(String(init?.body)) as { operationName: string; variables: Record<string, unknown> };
    let data: unknown = null;
    if (operationName === 'ActivitiesLocation')
      data = {
        location: {
          __typename: 'Location',
          id: '9',
          name: 'Downtown',
          timezone: { __typename: 'Timezone', id: 'America/New_York' },
          rooms: [{ __typename: 'Program', id: '5', name: 'Preschool', color_code: null }],
        },
      };
    else if (operationName === 'ActivitiesCheckedIn')
      data = {
        getStudentsAfterCheckInLocation: {
          __typename: 'CheckInDay',
          data: ROOM.map((c) => ({ __typename: 'CheckInChild', ...c })),
          date: '2026-11-27',
        },
      };
    else if (operationName.startsWith('ActivitiesSave')) {
      saves.push({ operationName, variables });
      data = {
        saveMealActivity: {
          __typename: 'ActivityResult',
          status: true,
          message: 'Saved.',
          color: 'success',
          replayed: false,
          activity: null,
        },
      };
    }
    return new Response(JSON.stringify({ data }), { headers: { 'content-type': 'application/json' } });
  });
  const client = new Client({
    url: 'http://demo.test/graphql',
    exchanges: [fetchExchange],
    fetch: fetch as unknown as typeof globalThis.fetch,
  });
  return { client, saves };
}

function shell(): Shell {
  const snapshot: SessionSnapshot = {
    user: {
      id: '42',
      full_name: 'Priya Natarajan',
      username: 'teacher',
      roles: [{ name: 'teacher' }],
      permissions: ['activities.manage', 'attendance.manage', 'students.view'],
    },
    endReason: null,
  };
  const session = { subscribe: () => () => {}, getSnapshot: () => snapshot } as unknown as SessionStore;
  const config: AppConfig = {
    surface: 'centre',
    centre: { name: 'Demo', slug: 'demo', kind: 'childcare', language_pack: 'default' },
    devMailbox: false,
  };
  return { config, session, entryPath: () => '/', signOut: async () => {} };
}

let i18n: I18n;
beforeAll(async () => {
  i18n = await createTestI18n('en');
});
beforeEach(() => {
  localStorage.clear();
  currentLocation.set({ id: '9', name: 'Downtown' });
});
afterEach(() => {
  cleanup();
  notices.showMessage.mockReset();
});

function mount(client: Client, loadMediaUpload?: Parameters<typeof QuickEntryPage>[0]['loadMediaUpload']) {
  return renderWithProviders(
    <ShellContext.Provider value={shell()}>
      <Provider value={client}>
        <QuickEntryPage loadMediaUpload={loadMediaUpload} />
      </Provider>
    </ShellContext.Provider>,
    i18n,
  );
}

describe('/activities quick entry', () => {
  it("saves one meal for the room's checked-in children with the kind and Save alone", async () => {
    const { client, saves } = fakeApi();
    mount(client);
    fireEvent.click(await screen.findByTestId('kind-meal'));
    await waitFor(() => expect(screen.getAllByRole('button', { pressed: true }).map((b) => b.textContent)).toContain('Ava Lopez'));
    for (const c of ROOM) expect(screen.getByTestId(`child-${c.id}`).getAttribute('aria-pressed')).toBe('true');
    fireEvent.click(screen.getByTestId('entry-save'));
    await waitFor(() => expect(saves).toHaveLength(1));
    const sent = saves[0]!;
    expect(sent.operationName).toBe('ActivitiesSaveMeal');
    expect(sent.variables).toMatchObject({ id: '5', students: ['1', '2', '3'], portion: 'all', staffOnly: false });
    expect(['breakfast', 'am_snack', 'lunch', 'pm_snack', 'supper']).toContain(sent.variables.type);
    expect(sent.variables.time).toMatch(/^\d{2}:\d{2}$/);
    expect(sent.variables.date).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    expect(sent.variables.request_id).toMatch(/^[0-9a-f-]{36}$/);
    await waitFor(() => expect(notices.showMessage).toHaveBeenCalledWith('Saved for children: 3.', true));
  });

  it('leaves out a child tapped off, and the next entry gets a new request_id and everyone back', async () => {
    const { client, saves } = fakeApi();
    mount(client);
    fireEvent.click(await screen.findByTestId('kind-meal'));
    fireEvent.click(await screen.findByTestId('child-2'));
    expect(screen.getByTestId('child-2').getAttribute('aria-pressed')).toBe('false');
    fireEvent.click(screen.getByTestId('field-portion-most'));
    fireEvent.click(screen.getByTestId('entry-save'));
    await waitFor(() => expect(saves).toHaveLength(1));
    expect(saves[0]!.variables).toMatchObject({ students: ['1', '3'], portion: 'most' });
    await waitFor(() => expect(screen.getByTestId('child-2').getAttribute('aria-pressed')).toBe('true'));
    // The last portion is remembered on the device for the next meal.
    expect(screen.getByTestId('field-portion-most').getAttribute('aria-pressed')).toBe('true');
    fireEvent.click(screen.getByTestId('entry-save'));
    await waitFor(() => expect(saves).toHaveLength(2));
    expect(saves[1]!.variables.students).toEqual(['1', '2', '3']);
    expect(saves[1]!.variables.request_id).not.toBe(saves[0]!.variables.request_id);
  });

  it('a group photo: the file goes to the album tagged with the chosen children, then the entry points at it', async () => {
    const { client, saves } = fakeApi();
    const upload = vi.fn<MediaUpload>(async (_client, _file, _details, options) => {
      options.onPhase?.('uploading');
      options.onProgress?.(0.5);
      options.onPhase?.('saving');
      return { ok: true, photo: { id: '77', status: 'pending' }, message: 'Photo saved.' };
    });
    mount(client, async () => upload);
    fireEvent.click(await screen.findByTestId('kind-photo'));
    await waitFor(() => expect(screen.getByTestId('child-3').getAttribute('aria-pressed')).toBe('true'));
    fireEvent.click(screen.getByTestId('child-2'));
    // No file yet: nothing is sent, and the page says what is missing.
    fireEvent.click(screen.getByTestId('entry-save'));
    await screen.findByText('Choose a photo or video first.');
    expect(upload).not.toHaveBeenCalled();
    const photo = new File([new Uint8Array([0xff, 0xd8, 0xff])], 'slide.jpg', { type: 'image/jpeg' });
    fireEvent.change(screen.getByTestId('entry-file'), { target: { files: [photo] } });
    fireEvent.change(screen.getByTestId('field-caption'), { target: { value: 'Down the slide' } });
    fireEvent.click(screen.getByTestId('entry-save'));
    await waitFor(() => expect(saves).toHaveLength(1));
    expect(upload).toHaveBeenCalledTimes(1);
    expect(upload.mock.calls[0]![1]).toBe(photo);
    expect(upload.mock.calls[0]![2]).toEqual({
      album: 'students',
      location_id: '9',
      caption: 'Down the slide',
      students: ['1', '3'],
      staff: [],
    });
    expect(saves[0]!.operationName).toBe('ActivitiesSavePhoto');
    expect(saves[0]!.variables).toMatchObject({ id: '5', students: ['1', '3'], photo: '77', title: 'Down the slide' });
  });

  it('without the photos area handed in, there is no photo or video tile', async () => {
    const { client } = fakeApi();
    mount(client);
    await screen.findByTestId('kind-meal');
    expect(screen.queryByTestId('kind-photo')).toBeNull();
    expect(screen.queryByTestId('kind-video')).toBeNull();
  });
});
