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

/**
 * A way on from a reply, which the chat window shows as a link: the menu (a
 * search that finds the product, or a category), the custom-order page, or the
 * shop's WhatsApp (its number is the web app's to know), with a text to send.
 */
export const chatbotLinkSchema = z.discriminatedUnion('target', [
  z.object({
    target: z.literal('menu'),
    label: z.string(),
    search: z.string().optional(),
    category: z.string().optional(),
  }),
  z.object({ target: z.literal('custom-order'), label: z.string() }),
  z.object({ target: z.literal('whatsapp'), label: z.string(), text: z.string().optional() }),
]);
export type ChatbotLink = z.infer<typeof chatbotLinkSchema>;

/**
 * Its answer, and what the external workflow answers too (reply field `reply`);
 * the built-in assistant adds `links`.
 */
export const chatbotReplySchema = z.object({
  reply: z.string(),
  links: z.array(chatbotLinkSchema).optional(),
});
export type ChatbotReply = z.infer<typeof chatbotReplySchema>;
