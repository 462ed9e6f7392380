import { z } from 'zod';

/**
 * An entity id (a UUID) as any client may spell it, lower-cased: streams and
 * read-model documents are named and keyed in lower case.
 */
export const entityIdSchema = z.uuid().transform((id) => id.toLowerCase());
