import { Injectable, type CanActivate, type ExecutionContext } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import type { Role } from '@coursa/domain';
import { IS_PUBLIC, ROLES, type AuthenticatedRequest } from '../../common/auth/auth.decorators.js';
import { COMMON_MESSAGES, forbidden, unauthorized } from '../../common/errors/domain-error.js';
import { UsersRepository } from '../users/users.repository.js';
import { AuthErrors } from './auth.errors.js';
import { TokensService } from './tokens.service.js';

/**
 * Global guard: every route needs a valid access token unless marked @Public(), and @Roles() narrows
 * who may call it. The user is reloaded on each request, so a disabled account or a changed password
 * takes effect at once.
 */
@Injectable()
export class AuthGuard implements CanActivate {
  constructor(
    private readonly reflector: Reflector,
    private readonly tokens: TokensService,
    private readonly users: UsersRepository,
  ) {}

  async canActivate(context: ExecutionContext): Promise<boolean> {
    if (context.getType() !== 'http') return true;
    const targets = [context.getHandler(), context.getClass()];
    if (this.reflector.getAllAndOverride<boolean>(IS_PUBLIC, targets)) return true;

    const request = context.switchToHttp().getRequest<AuthenticatedRequest>();
    const [scheme, token] = (request.headers.authorization ?? '').split(' ');
    if (scheme?.toLowerCase() !== 'bearer' || !token) throw unauthorized('UNAUTHENTICATED', COMMON_MESSAGES.unauthenticated);
    const claims = await this.tokens.verifyAccess(token);
    if (!claims) throw AuthErrors.sessionExpired();
    const user = await this.users.findAuthState(claims.sub);
    if (!user || user.anonymizedAt || !user.activatedAt || user.sessionVersion !== claims.sv) throw AuthErrors.sessionExpired();
    if (!user.isActive) throw unauthorized('ACCOUNT_DISABLED', AuthErrors.disabled().detail);
    request.user = { id: user.id, role: user.role, fullName: user.fullName };

    const roles = this.reflector.getAllAndOverride<Role[] | undefined>(ROLES, targets);
    if (roles && !roles.includes(user.role)) throw forbidden('FORBIDDEN', COMMON_MESSAGES.forbidden);
    return true;
  }
}
