import { chatbotReplySchema, type ChatbotLink } from '@quitute/contracts';
import { queryApi } from '../../api/query-api';
import { isRecord } from '../../lib/is-record';
import { chatTexts } from './chat-model';

/** A bot's answer: its text and the links it offers (the built-in assistant's; none from a workflow). */
export interface ChatAnswer {
  text: string;
  links: ChatbotLink[];
}

/**
 * spec §7: the answer's `reply`, or 'Desculpe, não entendi. Tente novamente!'
 * when there is none; links it cannot read are left out, the reply kept.
 */
export function parseChatReply(body: unknown): ChatAnswer {
  const reply = isRecord(body) ? body['reply'] : undefined;
  const links = chatbotReplySchema.shape.links.safeParse(
    isRecord(body) ? body['links'] : undefined,
  );
  return {
    text: typeof reply === 'string' && reply.trim() ? reply : chatTexts.notUnderstood,
    links: links.success ? (links.data ?? []) : [],
  };
}

/** POST /api/chatbot {message} → {reply, links?}, served by query-api (it answers from the read models). */
export const chatbotApi = queryApi.injectEndpoints({
  endpoints: (build) => ({
    sendChatMessage: build.mutation<ChatAnswer, string>({
      query: (message) => ({ url: '/api/chatbot', method: 'POST', body: { message } }),
      transformResponse: parseChatReply,
    }),
  }),
});

export const { useSendChatMessageMutation } = chatbotApi;
