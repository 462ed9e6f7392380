import { CHATBOT_MESSAGE_MAX_LENGTH, chatbotMessages } from '@quitute/contracts';

/** A chat message (spec §3): its text and who wrote it. */
export interface ChatMessage {
  id: number;
  text: string;
  sender: 'user' | 'bot';
}

export const chatTexts = {
  greeting:
    'Olá! Sou o assistente virtual da Quitute. Pergunte sobre preços, pedido mínimo, prazos, formas de pagamento, retirada e entrega ou o status do seu pedido.',
  notUnderstood: chatbotMessages.notUnderstood,
  failure: chatbotMessages.failed,
  typing: 'Digitando...',
} as const;

/** The longest message the input takes. */
export const CHAT_MESSAGE_MAX_LENGTH = CHATBOT_MESSAGE_MAX_LENGTH;

/** What is sent for the input's text: nothing for empty or whitespace-only text (spec §2). */
export function messageToSend(input: string): string | null {
  const text = input.trim();
  return text ? text : null;
}
