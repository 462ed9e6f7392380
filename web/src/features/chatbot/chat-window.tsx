import { useEffect, useId, useLayoutEffect, useRef, useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import { errorMessage } from '../../api/errors';
import { CloseIcon, SendIcon } from '../../components/icons';
import { useShopSettings } from '../../hooks/use-shop-settings';
import { useSendChatMessageMutation } from './chatbot-api';
import {
  CHAT_MESSAGE_MAX_LENGTH,
  chatLinkHref,
  chatTexts,
  messageToSend,
  type ChatMessage,
} from './chat-model';
import styles from './chat.module.css';

export interface ChatWindowProps {
  id: string;
  /** Closed: kept, with its conversation, but not shown. */
  hidden: boolean;
  onClose: () => void;
}

/**
 * The chat window: a non-modal dialog beside the page. Focus goes to the
 * message box when it opens; Escape closes it; replies are announced politely
 * by the message log.
 */
export function ChatWindow({ id, hidden, onClose }: ChatWindowProps) {
  const titleId = useId();
  const inputId = useId();
  const [text, setText] = useState('');
  const [messages, setMessages] = useState<ChatMessage[]>([
    { id: 0, text: chatTexts.greeting, sender: 'bot' },
  ]);
  const nextId = useRef(1);
  const inputRef = useRef<HTMLInputElement>(null);
  const logRef = useRef<HTMLOListElement>(null);
  const [sendMessage, { isLoading: pending }] = useSendChatMessageMutation();
  const whatsapp = useShopSettings()?.whatsapp ?? null;

  useLayoutEffect(() => {
    if (!hidden) inputRef.current?.focus();
  }, [hidden]);

  const append = (message: Omit<ChatMessage, 'id'>) => {
    const messageId = nextId.current;
    nextId.current += 1;
    setMessages((current) => [...current, { ...message, id: messageId }]);
  };

  const send = async (input: string) => {
    const message = messageToSend(input);
    if (message === null) return;
    append({ text: message, sender: 'user' });
    const result = await sendMessage(message);
    append(
      result.error
        ? { text: errorMessage(result.error, chatTexts.failure), sender: 'bot' }
        : { text: result.data.text, links: result.data.links, sender: 'bot' },
    );
  };

  // The newest message stays in view.
  useEffect(() => {
    const log = logRef.current;
    if (log) log.scrollTop = log.scrollHeight;
  }, [messages, pending]);

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (!text.trim()) return;
    void send(text);
    setText('');
  };

  return (
    <section
      id={id}
      hidden={hidden}
      className={styles.window}
      role="dialog"
      aria-modal="false"
      aria-labelledby={titleId}
      onKeyDown={(event) => {
        if (event.key === 'Escape') {
          event.stopPropagation();
          onClose();
        }
      }}
    >
      <header className={styles.header}>
        <h2 id={titleId} className={styles.title}>
          Assistente Quitute
        </h2>
        <button type="button" className={styles.close} aria-label="Fechar chat" onClick={onClose}>
          <CloseIcon />
        </button>
      </header>
      <ol ref={logRef} className={styles.log} role="log" aria-live="polite" aria-label="Mensagens">
        {messages.map((message) => (
          <li
            key={message.id}
            className={message.sender === 'user' ? styles.user : styles.bot}
            data-sender={message.sender}
          >
            <span className="visually-hidden">
              {message.sender === 'user' ? 'Você: ' : 'Assistente: '}
            </span>
            {message.text}
            {message.links && message.links.length > 0 ? (
              // Not a list: each message is one item of the log.
              <span className={styles.links}>
                {message.links.map((link) => {
                  const target = chatLinkHref(link, whatsapp);
                  if (!target) return null;
                  const { href, internal } = target;
                  return internal ? (
                    <Link key={`${link.target}-${link.label}`} className={styles.link} to={href}>
                      {link.label}
                    </Link>
                  ) : (
                    <a
                      key={`${link.target}-${link.label}`}
                      className={styles.link}
                      href={href}
                      target="_blank"
                      rel="noopener noreferrer"
                    >
                      {link.label}
                    </a>
                  );
                })}
              </span>
            ) : null}
          </li>
        ))}
        {pending ? (
          <li className={`${styles.bot} ${styles.typing}`} aria-hidden="true">
            {chatTexts.typing}
          </li>
        ) : null}
      </ol>
      <form className={styles.form} onSubmit={submit}>
        <label className="visually-hidden" htmlFor={inputId}>
          Mensagem
        </label>
        <input
          ref={inputRef}
          id={inputId}
          className={styles.input}
          type="text"
          autoComplete="off"
          enterKeyHint="send"
          maxLength={CHAT_MESSAGE_MAX_LENGTH}
          placeholder="Digite sua mensagem..."
          value={text}
          onChange={(event) => setText(event.target.value)}
        />
        <button type="submit" className={styles.send} aria-label="Enviar" disabled={pending}>
          <SendIcon />
        </button>
      </form>
    </section>
  );
}
