import { Injectable, type CanActivate, type ExecutionContext } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import type { Role } from '@coursa/domain';
import { IS_PUBLIC, ROLES, type AuthenticatedRequest } from '../../common/auth/auth.decorators.js';
import { COMMON_MESSAGES, forbidden, unauthorized } from '../../common/errors/domain-error.js';
import { AuthErrors } from './auth.errors.js';
import { SessionCheck } from './session-check.service.js';

/**
 * Global guard (the session check of the access policy): every route needs a valid access token unless marked @Public(), and @Roles() narrows
 * who may call it. The session check sees a disabled account or a changed password at once, on every API process.
 */
@Injectable()
export class AuthGuard implements CanActivate {
  constructor(
    private readonly reflector: Reflector,
    private readonly sessions: SessionCheck,
  ) {}

  async canActivate(context: ExecutionContext): Promise<boolean> {
    if (context.getType() !== 'http') return true;
    const targets = [context.getHandler(), context.getClass()];
    if (this.reflector.getAllAndOverride<boolean>(IS_PUBLIC, targets)) return true;

    const request = context.switchToHttp().getRequest<AuthenticatedRequest>();
    const [scheme, token] = (request.headers.authorization ?? '').split(' ');
    if (scheme?.toLowerCase() !== 'bearer' || !token) throw unauthorized('UNAUTHENTICATED', COMMON_MESSAGES.unauthenticated);
    const session = await this.sessions.verify(token);
    if (session.verdict === 'expired') throw AuthErrors.sessionExpired();
    if (session.verdict === 'disabled') throw unauthorized('ACCOUNT_DISABLED', AuthErrors.disabled().detail);
    const { user } = session;
    request.user = { id: user.id, role: user.role, fullName: user.fullName };

    const roles = this.reflector.getAllAndOverride<Role[] | undefined>(ROLES, targets);
    if (roles && !roles.includes(user.role)) throw forbidden('FORBIDDEN', COMMON_MESSAGES.forbidden);
    return true;
  }
}
