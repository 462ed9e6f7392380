import { CHATBOT_MESSAGE_MAX_LENGTH } from './constants';

/** Chatbot texts (spec §7, §8), the reply or the `{ message }` of an error. */
export const chatbotMessages = {
  /** The reply to a message the assistant does not understand (spec §7). */
  notUnderstood: 'Desculpe, não entendi. Tente novamente!',
  /** Any failure to answer (spec §8). */
  failed:
    'Desculpe, houve um erro ao processar sua mensagem. Tente novamente ou entre em contato pelo WhatsApp.',
  empty: 'Digite uma mensagem.',
  tooLong: `A mensagem deve ter no máximo ${CHATBOT_MESSAGE_MAX_LENGTH} caracteres.`,
  tooMany: 'Muitas mensagens em pouco tempo. Aguarde um instante e tente novamente.',
} as const;
