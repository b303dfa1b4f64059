import { describe, expect, it } from '@jest/globals';
import { z } from 'zod';
import { DomainError } from '../errors/domain-error.js';
import { optionalText, ZodPipe } from './zod.js';

describe('ZodPipe', () => {
  const pipe = new ZodPipe(z.object({ name: optionalText(60), tags: z.array(z.string()).optional() }).loose());

  it('refuses a NUL character anywhere in the input, which PostgreSQL text cannot hold', () => {
    for (const input of [{ name: 'a\u0000b' }, { tags: ['ok', '\u0000'] }, { ['k\u0000']: 'v' }, { nested: { deeper: ['\u0000'] } }]) {
      let error: unknown;
      try {
        pipe.transform(input);
      } catch (caught) {
        error = caught;
      }
      expect(error).toBeInstanceOf(DomainError);
      expect(error).toMatchObject({ status: 400, code: 'VALIDATION_ERROR', detail: "Le caractère nul (\\0) n'est autorisé dans aucun champ." });
    }
  });

  it('lets other text through, unicode included', () => {
    expect(pipe.transform({ name: ' Kaloum 🛵 مرحبا ' })).toEqual({ name: 'Kaloum 🛵 مرحبا' });
  });
});
