import { z } from 'zod';
import type { DomainError } from '../errors/domain-error.js';
import { ZodPipe } from './zod.js';

/**
 * A path id that is not a UUID cannot name anything: it is answered like an unknown id (the route's own 404), and
 * never reaches PostgreSQL, whose uuid columns would refuse it with an error (a 500). A NUL character is a 400.
 */
export const UuidParam = (notFound: () => DomainError) => new ZodPipe(z.uuid(), () => notFound());

/** The same for any other kind of path key: a text that does not have the key's form is an unknown one. */
export const ParamMatching = (pattern: RegExp, notFound: () => DomainError) => new ZodPipe(z.string().regex(pattern), () => notFound());

const uuid = z.uuid();

/** For ids that do not come through a pipe (a socket message, a service's own check): the same rule as UuidParam. */
export const isUuid = (value: unknown): value is string => typeof value === 'string' && uuid.safeParse(value).success;
