import {
  assertNever,
  CHATBOT_MESSAGE_MAX_LENGTH,
  chatbotMessages,
  type ChatbotLink,
} from '@quitute/contracts';
import { whatsappUrl } from '../../lib/whatsapp';

/** A chat message (spec §3): its text and who wrote it; a bot's may offer links. */
export interface ChatMessage {
  id: number;
  text: string;
  sender: 'user' | 'bot';
  links?: readonly ChatbotLink[];
}

/**
 * Where a link of the assistant leads: a page of the shop (`internal`) or
 * WhatsApp, on the shop's number (its settings; null while unknown: then no link).
 */
export function chatLinkHref(
  link: ChatbotLink,
  whatsapp: string | null,
): { href: string; internal: boolean } | null {
  switch (link.target) {
    case 'menu': {
      const params = new URLSearchParams();
      if (link.search) params.set('busca', link.search);
      if (link.category) params.set('categoria', link.category);
      const query = params.toString();
      return { href: query ? `/cardapio?${query}` : '/cardapio', internal: true };
    }
    case 'custom-order':
      return { href: '/encomendas', internal: true };
    case 'whatsapp':
      return whatsapp ? { href: whatsappUrl(whatsapp, link.text), internal: false } : null;
    default:
      return assertNever(link);
  }
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
