import { z } from 'zod';

/** zod's default messages in French (config errors, request validation). Imported once for its effect. */
export const frenchLocale = z.locales.fr();
z.config(frenchLocale);
