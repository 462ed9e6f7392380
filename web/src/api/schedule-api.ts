import {
  DELIVERY_TYPES,
  type AvailabilityDto,
  type DeliveryType,
  type ScheduleDto,
} from '@quitute/contracts';
import * as v from 'valibot';
import { queryApi } from './query-api';
import type { Expect, SameShape } from './response-schemas';

/*
 * The answers' shapes, checked at the edge with valibot as response-schemas.ts
 * does, kept here so that only the pages that read the calendar carry them.
 */
const timeRangeResponseSchema = v.object({ open: v.string(), close: v.string() });
const weekResponseSchema = v.object({
  mon: v.array(timeRangeResponseSchema),
  tue: v.array(timeRangeResponseSchema),
  wed: v.array(timeRangeResponseSchema),
  thu: v.array(timeRangeResponseSchema),
  fri: v.array(timeRangeResponseSchema),
  sat: v.array(timeRangeResponseSchema),
  sun: v.array(timeRangeResponseSchema),
});

/** GET /api/schedule (issue 40): the kitchen calendar's public rules and its hours in words. */
export const scheduleResponseSchema = v.object({
  leadDays: v.pipe(v.number(), v.integer()),
  horizonDays: v.pipe(v.number(), v.integer()),
  slotMinutes: v.pipe(v.number(), v.integer()),
  kitUnits: v.pipe(v.number(), v.integer()),
  weekly: v.object({ pickup: weekResponseSchema, delivery: weekResponseSchema }),
  closedDates: v.array(v.object({ date: v.string(), reason: v.optional(v.string()) })),
  hoursText: v.string(),
});

/** GET /api/schedule/availability (issue 40): one entry per day, with its slots or why it is not offered. */
export const availabilityResponseSchema = v.object({
  from: v.string(),
  to: v.string(),
  deliveryType: v.picklist(DELIVERY_TYPES),
  leadDays: v.pipe(v.number(), v.integer()),
  horizonDays: v.pipe(v.number(), v.integer()),
  slotMinutes: v.pipe(v.number(), v.integer()),
  days: v.array(
    v.object({
      date: v.string(),
      open: v.boolean(),
      reason: v.optional(v.string()),
      slots: v.array(v.object({ start: v.string(), end: v.string() })),
      remainingUnits: v.nullable(v.number()),
    }),
  ),
});

/** Fails the type check the day one of these shapes differs from the contracts' DTO. */
export type ScheduleShapesMatchContracts = [
  Expect<SameShape<v.InferOutput<typeof scheduleResponseSchema>, ScheduleDto>>,
  Expect<SameShape<v.InferOutput<typeof availabilityResponseSchema>, AvailabilityDto>>,
];

/** What the checkout asks GET /api/schedule/availability for. */
export interface AvailabilityArgs {
  from: string;
  to: string;
  deliveryType: DeliveryType;
  /** The cart's units for the kitchen; a day with fewer left reads 'Agenda cheia'. Omitted when 0. */
  units: number;
}

/**
 * The kitchen's calendar as the shop's pages read it (issue 40): GET
 * /api/schedule (the lead time, the horizon, the units a kit counts as, the
 * hours) and GET /api/schedule/availability (the days and slots a customer may
 * choose). Tagged 'Schedule': the admin's save replaces them.
 */
export const scheduleApi = queryApi
  .enhanceEndpoints({ addTagTypes: ['Schedule'] })
  .injectEndpoints({
    endpoints: (build) => ({
      getSchedule: build.query<ScheduleDto, undefined>({
        query: () => '/api/schedule',
        rawResponseSchema: scheduleResponseSchema,
        providesTags: ['Schedule'],
      }),
      getAvailability: build.query<AvailabilityDto, AvailabilityArgs>({
        query: ({ from, to, deliveryType, units }) => ({
          url: '/api/schedule/availability',
          params: { from, to, deliveryType, ...(units > 0 ? { units: String(units) } : {}) },
        }),
        rawResponseSchema: availabilityResponseSchema,
        providesTags: ['Schedule'],
        // The remaining units change with every order: asked again each time the page asks.
        keepUnusedDataFor: 0,
      }),
    }),
  });

export const { useGetScheduleQuery, useGetAvailabilityQuery } = scheduleApi;
