/** The longest message the chatbot reads: a question, never a document (spec leaves it open). */
export const CHATBOT_MESSAGE_MAX_LENGTH = 500;

/** How long the shop waits for the external chatbot workflow (CHATBOT_WEBHOOK_URL). */
export const CHATBOT_WEBHOOK_TIMEOUT_MS = 10_000;
