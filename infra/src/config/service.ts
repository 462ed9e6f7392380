import { ConfigError, loadConfig } from './load-config';
import type { z } from 'zod';

/** Loads a service's configuration or ends the process with one readable line. */
export function loadConfigOrExit<T extends z.ZodType>(schema: T): z.infer<T> {
  try {
    return loadConfig(schema);
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message);
      process.exit(1);
    }
    throw error;
  }
}
