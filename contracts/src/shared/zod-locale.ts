import { z } from 'zod';
import ptBR from 'zod/v4/locales/pt-BR.js';

/** zod's own messages (unknown keys, wrong types) in Brazilian Portuguese too, on the server and in the web app alike. */
z.config(ptBR());
