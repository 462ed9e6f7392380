import { createApi } from '@reduxjs/toolkit/query/react';
import { createBaseQuery } from './base-query';

/** Every POST/PUT/PATCH/DELETE (command-api); features add their endpoints with injectEndpoints. */
export const commandApi = createApi({
  reducerPath: 'commandApi',
  baseQuery: createBaseQuery(),
  endpoints: () => ({}),
});
