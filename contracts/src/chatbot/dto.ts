import { z } from 'zod';
import { textField } from '../shared/text';
import { CHATBOT_MESSAGE_MAX_LENGTH } from './constants';
import { chatbotMessages as m } from './messages';

/** POST /api/chatbot (spec §7): the visitor's message; blank is not sent (spec §2), nor accepted. */
export const chatbotBodySchema = z.strictObject({
  message: textField({ multiline: true, required: m.empty })
    .trim()
    .min(1, m.empty)
    .max(CHATBOT_MESSAGE_MAX_LENGTH, m.tooLong),
});
export type ChatbotBody = z.infer<typeof chatbotBodySchema>;

/** Its answer, and what the external workflow answers too (reply field `reply`). */
export const chatbotReplySchema = z.object({ reply: z.string() });
export type ChatbotReply = z.infer<typeof chatbotReplySchema>;
