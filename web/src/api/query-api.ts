import { createApi } from '@reduxjs/toolkit/query/react';
import { createBaseQuery } from './base-query';

/** Every GET (query-api); features add their endpoints with injectEndpoints. */
export const queryApi = createApi({
  reducerPath: 'queryApi',
  baseQuery: createBaseQuery(),
  tagTypes: ['Product'],
  endpoints: () => ({}),
});
