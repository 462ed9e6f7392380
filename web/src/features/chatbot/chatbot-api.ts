import { queryApi } from '../../api/query-api';
import { isRecord } from '../../lib/is-record';
import { chatTexts } from './chat-model';

/** spec §7: the answer's `reply`, or 'Desculpe, não entendi. Tente novamente!' when there is none. */
export function parseChatReply(body: unknown): string {
  const reply = isRecord(body) ? body['reply'] : undefined;
  return typeof reply === 'string' && reply.trim() ? reply : chatTexts.notUnderstood;
}

/** POST /api/chatbot {message} → {reply}, served by query-api (it answers from the read models). */
export const chatbotApi = queryApi.injectEndpoints({
  endpoints: (build) => ({
    sendChatMessage: build.mutation<string, string>({
      query: (message) => ({ url: '/api/chatbot', method: 'POST', body: { message } }),
      transformResponse: parseChatReply,
    }),
  }),
});

export const { useSendChatMessageMutation } = chatbotApi;
