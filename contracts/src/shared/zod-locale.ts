import { z } from 'zod';
import pt from 'zod/v4/locales/pt.js';

/** zod's own messages (unknown keys, wrong types) in Portuguese too, on the server and in the web app alike. */
z.config(pt());
