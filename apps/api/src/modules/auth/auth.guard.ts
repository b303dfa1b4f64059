import { Injectable, type CanActivate, type ExecutionContext } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import type { Role } from '@coursa/domain';
import { API_KEY_SCOPE, IS_PUBLIC, ROLES, type AuthenticatedRequest, type AuthUser } from '../../common/auth/auth.decorators.js';
import { COMMON_MESSAGES, forbidden, unauthorized } from '../../common/errors/domain-error.js';
import { ApiKeyAuth } from '../api-keys/api-key-auth.service.js';
import { looksLikeApiKey } from '../api-keys/api-key-secret.js';
import { AuthErrors } from './auth.errors.js';
import { SessionCheck } from './session-check.service.js';

/**
 * Global guard (the session check of the access policy): every route needs a valid access token unless marked @Public(), and @Roles() narrows
 * who may call it. The session check sees a disabled account or a changed password at once, on every API process.
 * A bearer token starting with `cs_live_` is a merchant's API key (issue 40): checked as one, and let in only on a route
 * marked @ApiKeyScope with that scope among the key's.
 */
@Injectable()
export class AuthGuard implements CanActivate {
  constructor(
    private readonly reflector: Reflector,
    private readonly sessions: SessionCheck,
    private readonly apiKeys: ApiKeyAuth,
  ) {}

  async canActivate(context: ExecutionContext): Promise<boolean> {
    if (context.getType() !== 'http') return true;
    const targets = [context.getHandler(), context.getClass()];
    if (this.reflector.getAllAndOverride<boolean>(IS_PUBLIC, targets)) return true;

    const request = context.switchToHttp().getRequest<AuthenticatedRequest>();
    const [scheme, token] = (request.headers.authorization ?? '').split(' ');
    if (scheme?.toLowerCase() !== 'bearer' || !token) throw unauthorized('UNAUTHENTICATED', COMMON_MESSAGES.unauthenticated);
    const scope = this.reflector.getAllAndOverride<string | undefined>(API_KEY_SCOPE, targets);
    const user = looksLikeApiKey(token) ? await this.keyCaller(token, request.ip, scope) : await this.sessionUser(token);
    request.user = user;

    const roles = this.reflector.getAllAndOverride<Role[] | undefined>(ROLES, targets);
    if (roles && !roles.includes(user.role)) throw forbidden('FORBIDDEN', COMMON_MESSAGES.forbidden);
    return true;
  }

  private async sessionUser(token: string): Promise<AuthUser> {
    const session = await this.sessions.verify(token);
    if (session.verdict === 'expired') throw AuthErrors.sessionExpired();
    if (session.verdict === 'disabled') throw unauthorized('ACCOUNT_DISABLED', AuthErrors.disabled().detail);
    const { user } = session;
    return { id: user.id, role: user.role, fullName: user.fullName };
  }

  private async keyCaller(token: string, ip: string, scope: string | undefined): Promise<AuthUser> {
    const check = await this.apiKeys.authenticate(token, ip);
    if (check.verdict === 'disabled') throw unauthorized('ACCOUNT_DISABLED', AuthErrors.disabled().detail);
    this.apiKeys.requireScope(check.caller.apiKey, scope);
    return check.caller;
  }
}
