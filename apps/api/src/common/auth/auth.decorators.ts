import { createParamDecorator, SetMetadata, type ExecutionContext } from '@nestjs/common';
import type { Role } from '@coursa/domain';
import type { FastifyRequest } from 'fastify';

/** Who is calling, as the auth guard established it. */
export interface AuthUser {
  id: string;
  role: Role;
  fullName: string;
  /** Set when the caller is a merchant's API key (issue 40) rather than a session: the key and what it may do. */
  apiKey?: { id: string; scopes: readonly string[] };
}

export type AuthenticatedRequest = FastifyRequest & { user?: AuthUser };

export const IS_PUBLIC = 'coursa:public';
export const ROLES = 'coursa:roles';

/** The route needs no session. Every other route does. */
export const Public = () => SetMetadata(IS_PUBLIC, true);

/** Only these roles may call the route (403 for the others). */
export const Roles = (...roles: Role[]) => SetMetadata(ROLES, roles);

export const CurrentUser = createParamDecorator(
  (_data: unknown, context: ExecutionContext): AuthUser =>
    context.switchToHttp().getRequest<AuthenticatedRequest>().user!,
);

export const API_KEY_SCOPE = 'coursa:api-key-scope';

/**
 * The route also takes a merchant's API key (`Authorization: Bearer cs_live_…`, issue 40) that has this scope; a key
 * on any route without it is refused. A session still works on it (the merchant's own screens).
 */
export const ApiKeyScope = (scope: 'deliveries:write' | 'deliveries:read' | 'webhooks:manage') => SetMetadata(API_KEY_SCOPE, scope);

/** The caller's address (behind a proxy only when TRUST_PROXY is on). */
export const ClientIp = createParamDecorator(
  (_data: unknown, context: ExecutionContext): string => context.switchToHttp().getRequest<FastifyRequest>().ip,
);
