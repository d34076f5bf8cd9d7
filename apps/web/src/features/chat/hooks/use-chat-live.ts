import { useEffect, useRef } from 'react';
import { useSubscription } from 'urql';
import { MessageAddedSubscription } from '../api/chat';

export interface ChatLiveEvent {
  kind: string;
  id: string;
  category: string;
  student_id?: string | null;
  program_id?: string | null;
}

/**
 * Calls `onEvent` for each message added, edited or deleted in the viewer's threads at a location
 * (chatMessageAdded over WebSocket); the server checks the thread is the viewer's on every event.
 */
export function useChatLive(locationId: string | null, onEvent: (event: ChatLiveEvent) => void): void {
  const latest = useRef(onEvent);
  latest.current = onEvent;
  const [{ data }] = useSubscription({ query: MessageAddedSubscription, variables: { location_id: locationId ?? '' }, pause: !locationId });
  useEffect(() => {
    if (data?.chatMessageAdded) latest.current(data.chatMessageAdded);
  }, [data]);
}
