import { z } from 'zod';
import { emailField } from '../accounts/dto';
import { NAME_MAX_LENGTH, PHONE_PATTERN } from '../accounts/constants';
import { textField } from '../shared/text';
import { phoneDigits } from './phone';
import { CUSTOM_ORDER_DETAILS_MAX_LENGTH } from './constants';
import { customOrderMessages as m } from './messages';
import { customOrderDocumentSchema } from './read-model';

/**
 * POST /api/custom-orders: the custom order form's fields (spec §3), all
 * required (spec §2). Whether the event day is past is the shop's day to say
 * (the command decides it). Any other key is refused.
 */
export const customOrderBodySchema = z.strictObject({
  nome: textField({ required: m.nameRequired })
    .trim()
    .min(1, m.nameRequired)
    .max(NAME_MAX_LENGTH, m.nameTooLong),
  email: emailField(m.emailInvalid, m.emailInvalid),
  telefone: textField({ required: m.phoneInvalid })
    .transform(phoneDigits)
    .refine((value) => PHONE_PATTERN.test(value), m.phoneInvalid),
  dataEvento: z.iso.date({ error: m.eventDateInvalid }),
  descricao: textField({ multiline: true, required: m.detailsRequired })
    .trim()
    .min(1, m.detailsRequired)
    .max(CUSTOM_ORDER_DETAILS_MAX_LENGTH, m.detailsTooLong),
});
export type CustomOrderBody = z.infer<typeof customOrderBodySchema>;
export type CustomOrderBodyInput = z.input<typeof customOrderBodySchema>;

/** Its answer once the request is recorded: the spec's success text and the command's `position`. */
export const customOrderResponseSchema = z.object({
  message: z.string(),
  requestId: z.string(),
  position: z.number().int(),
});
export type CustomOrderResponse = z.infer<typeof customOrderResponseSchema>;

/** GET /api/admin/custom-orders?page= */
export const adminCustomOrdersQuerySchema = z.object({
  page: z.coerce.number().int().min(1).max(100_000).default(1),
});

/** A custom order as the admin's list shows it: its document but for the log position. */
export const adminCustomOrderDtoSchema = customOrderDocumentSchema.omit({
  requestedPosition: true,
});
export type AdminCustomOrderDto = z.infer<typeof adminCustomOrderDtoSchema>;

export const adminCustomOrderListSchema = z.object({
  customOrders: z.array(adminCustomOrderDtoSchema),
  total: z.number().int(),
  totalPages: z.number().int(),
  page: z.number().int(),
  /** Global position the read model had reached. */
  position: z.number().int(),
});
export type AdminCustomOrderList = z.infer<typeof adminCustomOrderListSchema>;
