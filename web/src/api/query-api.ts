import { createApi } from '@reduxjs/toolkit/query/react';
import { createBaseQuery } from './base-query';

/**
 * Every GET (query-api); features add their endpoints with injectEndpoints.
 * The tags are those one feature reads and another changes: the menu's
 * products, the public reviews and the shop's settings, all edited from the
 * admin area.
 */
export const queryApi = createApi({
  reducerPath: 'queryApi',
  baseQuery: createBaseQuery(),
  tagTypes: ['Product', 'Review', 'Shop'],
  endpoints: () => ({}),
});
