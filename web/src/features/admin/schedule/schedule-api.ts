import {
  DELIVERY_TYPES,
  kitchenScheduleSchema,
  ORDER_STATUSES,
  PAYMENT_STATUSES,
  scheduleToDto,
  shopDate,
  type AdminScheduleDto,
  type AvailabilityDto,
  type ProductionDto,
} from '@quitute/contracts';
import { z } from 'zod';
import { commandApi } from '../../../api/command-api';
import { scheduleApi } from '../../../api/schedule-api';
import { shopApi } from '../../../api/shop-api';
import { adminQuery, adminQueryApi, invalidResponse, recordWrite } from '../api/admin-base';
import type { ScheduleDraft } from './schedule-form';

/** GET /api/admin/schedule's answer (contracts' AdminScheduleDto). */
export const adminScheduleSchema = kitchenScheduleSchema.extend({
  updatedAt: z.string().nullable(),
  updatedBy: z.string().nullable(),
  position: z.number().int(),
}) satisfies z.ZodType<AdminScheduleDto>;

/** PUT /api/admin/schedule's answer: the saved calendar and the server's message. */
const savedScheduleSchema = adminScheduleSchema.extend({ message: z.string() });
export type SavedSchedule = z.infer<typeof savedScheduleSchema>;

/** GET /api/schedule/availability's answer (contracts' AvailabilityDto). */
const nextDaysSchema = z.object({
  from: z.string(),
  to: z.string(),
  deliveryType: z.enum(DELIVERY_TYPES),
  leadDays: z.number().int(),
  horizonDays: z.number().int(),
  slotMinutes: z.number().int(),
  days: z.array(
    z.object({
      date: z.string(),
      open: z.boolean(),
      reason: z.string().optional(),
      slots: z.array(z.object({ start: z.string(), end: z.string() })),
      remainingUnits: z.number().int().nullable(),
    }),
  ),
}) satisfies z.ZodType<AvailabilityDto>;

/** GET /api/admin/production's answer (contracts' ProductionDto). */
export const productionSchema = z.object({
  date: z.string(),
  totals: z.array(
    z.object({
      name: z.string(),
      category: z.string(),
      quantity: z.number(),
      itens: z.array(z.string()),
    }),
  ),
  units: z.number(),
  capacityUnits: z.number().nullable(),
  slots: z.array(
    z.object({
      start: z.string(),
      end: z.string().nullable(),
      orders: z.array(
        z.object({
          orderId: z.string(),
          orderNumber: z.number(),
          customerName: z.string(),
          customerPhone: z.string().nullable(),
          deliveryType: z.enum(DELIVERY_TYPES),
          time: z.string(),
          items: z.array(
            z.object({ name: z.string(), category: z.string(), quantity: z.number() }),
          ),
          notes: z.string(),
          address: z.string().nullable(),
          orderStatus: z.enum(ORDER_STATUSES),
          paymentStatus: z.enum(PAYMENT_STATUSES),
        }),
      ),
    }),
  ),
  orderCount: z.number(),
}) satisfies z.ZodType<ProductionDto>;

/**
 * The kitchen's calendar as the admin edits it (issue 40): GET
 * /api/admin/schedule and the day's production list, GET /api/admin/production.
 */
export const scheduleQueryApi = adminQueryApi.injectEndpoints({
  endpoints: (build) => ({
    getAdminSchedule: build.query<AdminScheduleDto, undefined>(
      adminQuery(() => ({ url: '/api/admin/schedule' }), adminScheduleSchema, []),
    ),
    /**
     * The next days' pickups and units left (GET /api/schedule/availability) as the
     * admin's page shows them: read through the admin's reads, so after a save
     * (`after`, its position, also keys the cache) the answer includes it.
     */
    getNextDays: build.query<AvailabilityDto, { from: string; to: string; after: number }>(
      adminQuery(
        ({ from, to }) => ({
          url: '/api/schedule/availability',
          params: { from, to, deliveryType: 'pickup' },
        }),
        nextDaysSchema,
        [],
      ),
    ),
    getProduction: build.query<ProductionDto, string>(
      adminQuery((date) => ({ url: '/api/admin/production', params: { date } }), productionSchema, [
        'AdminOrders',
      ]),
    ),
  }),
});

/**
 * PUT /api/admin/schedule (command-api): the whole calendar. Its answer is the
 * saved calendar: it replaces the admin's copy, its position makes the next
 * admin reads wait for it, and the shop's own reads of the calendar are asked
 * again.
 */
export const scheduleCommandApi = commandApi.injectEndpoints({
  endpoints: (build) => ({
    saveSchedule: build.mutation<SavedSchedule, ScheduleDraft>({
      queryFn: async (body, api, _extra, baseQuery) => {
        const result = await baseQuery({ url: '/api/admin/schedule', method: 'PUT', body });
        if (result.error) return { error: result.error };
        const saved = savedScheduleSchema.safeParse(result.data);
        if (!saved.success) return { error: invalidResponse() };
        recordWrite(api, saved.data.position);
        const { message: _message, ...schedule } = saved.data;
        api.dispatch(
          scheduleQueryApi.util.upsertQueryData('getAdminSchedule', undefined, schedule),
        );
        // Every page of this visit tells the new hours and rules at once: a refetch could
        // reach the projection before it has applied the save.
        const publicSchedule = scheduleToDto(schedule, shopDate(new Date()));
        api.dispatch(scheduleApi.util.upsertQueryData('getSchedule', undefined, publicSchedule));
        api.dispatch(
          shopApi.util.updateQueryData('getShopSettings', undefined, (shop) => {
            shop.openingHoursText = publicSchedule.hoursText;
          }),
        );
        return { data: saved.data };
      },
    }),
  }),
});

export const { useGetAdminScheduleQuery, useGetNextDaysQuery, useGetProductionQuery } =
  scheduleQueryApi;
export const { useSaveScheduleMutation } = scheduleCommandApi;
