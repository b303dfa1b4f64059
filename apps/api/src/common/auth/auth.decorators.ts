import { createParamDecorator, SetMetadata, type ExecutionContext } from '@nestjs/common';
import type { Role } from '@coursa/domain';
import type { FastifyRequest } from 'fastify';

/** Who is calling, as the auth guard established it. */
export interface AuthUser {
  id: string;
  role: Role;
  fullName: string;
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

/** The caller's address (behind a proxy only when TRUST_PROXY is on). */
export const ClientIp = createParamDecorator(
  (_data: unknown, context: ExecutionContext): string => context.switchToHttp().getRequest<FastifyRequest>().ip,
);
