import { lazy, Suspense, useRef, useState } from 'react';
import { ChatIcon } from '../../components/icons';
import styles from './chat.module.css';

const loadWindow = () => import('./chat-window').then((m) => ({ default: m.ChatWindow }));
/** The window's code (and the conversation's) loads the first time it is wanted or pointed at, not with every page. */
const ChatWindow = lazy(loadWindow);

const CHAT_WINDOW_ID = 'chat-assistente';

export interface ChatWidgetProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
}

/**
 * The floating chat button and the chat window (spec §2 "Global layout",
 * "Chatbot window"). Once opened, the window stays mounted (hidden while
 * closed), so closing it or changing page keeps the conversation.
 */
export function ChatWidget({ open, onOpenChange }: ChatWidgetProps) {
  const [mounted, setMounted] = useState(open);
  if (open && !mounted) setMounted(true);
  const buttonRef = useRef<HTMLButtonElement>(null);

  const close = () => {
    onOpenChange(false);
    buttonRef.current?.focus();
  };

  return (
    <>
      <button
        ref={buttonRef}
        type="button"
        className={styles.fab}
        data-floating-button=""
        aria-label="Chat com o assistente"
        aria-expanded={open}
        aria-controls={open ? CHAT_WINDOW_ID : undefined}
        onClick={() => (open ? close() : onOpenChange(true))}
        onPointerEnter={() => void loadWindow()}
        onFocus={() => void loadWindow()}
      >
        <ChatIcon />
      </button>
      {mounted ? (
        <Suspense fallback={null}>
          <ChatWindow id={CHAT_WINDOW_ID} hidden={!open} onClose={close} />
        </Suspense>
      ) : null}
    </>
  );
}
