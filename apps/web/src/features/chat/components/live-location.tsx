import { useChatLive, type ChatLiveEvent } from '../hooks/use-chat-live';

/** One live chat subscription per location of the viewer's threads (a family may have children at several). */
export function LiveLocation({ id, onEvent }: { id: string; onEvent: (event: ChatLiveEvent) => void }) {
  useChatLive(id, onEvent);
  return null;
}
