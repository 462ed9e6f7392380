import type { AvailabilityDto, DeliveryType, ScheduleDto } from '@quitute/contracts';
import { queryApi } from './query-api';
import { availabilityResponseSchema, scheduleResponseSchema } from './response-schemas';

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
