import { z } from 'zod';

/** Every error answer of the API: `detail` in French for the user, `code` for the program. */
export const ApiErrorSchema = z
  .object({
    detail: z.string().meta({ description: "Ce qui ne va pas, en français, à montrer tel quel." }),
    code: z.string().meta({ description: 'Le code stable de l’erreur (VALIDATION_ERROR, UNAUTHENTICATED…).', example: 'VALIDATION_ERROR' }),
    request_id: z.string().optional().meta({ description: "Sur une erreur inattendue : l'identifiant de la requête, à citer au support." }),
  })
  .meta({ id: 'ApiError', description: 'Une erreur de l’API.' });

/** The answer of a route that only says it was done. */
export const MessageResponseSchema = z.object({ message: z.string() });
