import { createContext, useContext } from 'react';

/** Opens the layout's chat window: pages with a chatbot button (spec §2: contact, about) use it. */
export const ChatControlsContext = createContext<{ openChat: () => void }>({
  openChat: () => {},
});

export function useOpenChat(): () => void {
  return useContext(ChatControlsContext).openChat;
}
