import { useCallback, useEffect, useMemo, useSyncExternalStore } from 'react';
import { useTranslation } from 'react-i18next';
import { useClient, type Client } from 'urql';
import type { DocumentNode } from 'graphql';
import { readJson, writeJson } from '../../../lib/local-store';
import { showMessage } from '../../../lib/notices';
import { useViewer } from '../../../lib/shell-context';
import { STORAGE_KEYS } from '../../../lib/storage-keys';
import {
  SaveBottleMutation,
  SaveCustomMutation,
  SaveDiaperMutation,
  SaveIncidentMutation,
  SaveKudosMutation,
  SaveMealMutation,
  SaveMedicationMutation,
  SaveMoodMutation,
  SaveNapMutation,
  SaveNoteMutation,
  SaveObservationMutation,
  SavePhotoMutation,
  SavePlainMutation,
  SavePottyMutation,
  SaveSuppliesMutation,
  SaveVideoMutation,
} from '../api/activities.mutation';
import type { QuickKind } from '../lib/kinds';
import { createOfflineQueue, type QueuedEntry, type SendOutcome } from '../lib/offline-queue';

const SAVE: Record<QuickKind, DocumentNode> = {
  meal: SaveMealMutation,
  nap: SaveNapMutation,
  diaper: SaveDiaperMutation,
  bottle: SaveBottleMutation,
  potty: SavePottyMutation,
  mood: SaveMoodMutation,
  note: SaveNoteMutation,
  kudos: SaveKudosMutation,
  activity: SavePlainMutation,
  incident: SaveIncidentMutation,
  medication: SaveMedicationMutation,
  supplies: SaveSuppliesMutation,
  observation: SaveObservationMutation,
  custom: SaveCustomMutation,
  photo: SavePhotoMutation,
  video: SaveVideoMutation,
};

/** This device's queue (local storage). */
export const deviceQueue = createOfflineQueue({
  read: () => readJson(STORAGE_KEYS.activityQueue, (v): v is unknown => Array.isArray(v)),
  write: (entries) => writeJson(STORAGE_KEYS.activityQueue, entries),
});

interface SaveAnswer {
  status: boolean;
  message: string;
  color: string;
  replayed: boolean;
}

/** Sends one entry: recorded (or replayed by its request_id), no connection (retry), or refused with the server's words. */
export async function sendEntry(
  client: Client,
  entry: Pick<QueuedEntry, 'kind' | 'variables'>,
): Promise<SendOutcome & { answer?: SaveAnswer }> {
  const result = await client.mutation(SAVE[entry.kind], entry.variables, { requestPolicy: 'network-only' }).toPromise();
  if (result.error) {
    if (result.error.networkError && result.error.graphQLErrors.length === 0) return { outcome: 'retry' };
    return { outcome: 'rejected', message: result.error.graphQLErrors.map((e) => e.message).join(' ') };
  }
  const data = (result.data ?? {}) as Record<string, SaveAnswer | undefined>;
  const answer = Object.values(data)[0];
  if (!answer) return { outcome: 'retry' };
  if (!answer.status) return { outcome: 'rejected', message: answer.message };
  return { outcome: 'sent', answer };
}

const online = () => (typeof navigator === 'undefined' ? true : navigator.onLine);

/**
 * Saves quick entries: straight to the server when it answers, else into this device's queue
 * (with the entry's request_id), sent when the connection is back (the `online` event, on opening
 * the page, and every 30 s while entries wait). `queued` is how many of the viewer's wait.
 */
export function useEntrySender() {
  const { t } = useTranslation('activities');
  const client = useClient();
  const userId = useViewer().user?.id ?? '';
  const queued = useSyncExternalStore(
    deviceQueue.subscribe,
    () => deviceQueue.pending(userId).length,
    () => 0,
  );

  const flush = useCallback(async () => {
    if (!userId || !online() || deviceQueue.pending(userId).length === 0) return;
    const result = await deviceQueue.replay(userId, (entry) => sendEntry(client, entry));
    if (result.sent > 0) showMessage(t('queue.sent', { count: result.sent }), true);
    for (const r of result.rejected) showMessage(t('queue.rejected', { message: r.message }), false);
  }, [client, t, userId]);

  useEffect(() => {
    void flush();
    const onOnline = () => void flush();
    window.addEventListener('online', onOnline);
    const timer = window.setInterval(() => void flush(), 30_000);
    return () => {
      window.removeEventListener('online', onOnline);
      window.clearInterval(timer);
    };
  }, [flush]);

  /** Saves one entry: 'saved' (the server has it), 'queued' (on this device), or 'refused' (the notice says why). */
  const save = useCallback(
    async (kind: QuickKind, variables: Record<string, unknown>): Promise<'saved' | 'queued' | 'refused'> => {
      const entry: QueuedEntry = {
        request_id: String(variables.request_id),
        kind,
        variables,
        userId,
        queuedAt: new Date().toISOString(),
      };
      // Entries made earlier go first: a new one waits behind them.
      if (!online() || deviceQueue.pending(userId).length > 0) {
        deviceQueue.enqueue(entry);
        void flush();
        return 'queued';
      }
      const sent = await sendEntry(client, entry).catch((): SendOutcome => ({ outcome: 'retry' }));
      if (sent.outcome === 'retry') {
        deviceQueue.enqueue(entry);
        return 'queued';
      }
      if (sent.outcome === 'rejected') {
        showMessage(sent.message, false);
        return 'refused';
      }
      return 'saved';
    },
    [client, flush, userId],
  );

  return useMemo(() => ({ save, queued, flush }), [save, queued, flush]);
}
