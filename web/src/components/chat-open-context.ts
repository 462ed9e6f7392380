import { createContext } from 'react';

/**
 * Whether the chat window is open; the layout that holds the chat provides it.
 * Its own module, so the layout does not carry the popups that read it.
 */
export const ChatOpenContext = createContext(false);
