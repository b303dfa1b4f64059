import { Inject, Injectable } from '@nestjs/common';
import { JwtService } from '@nestjs/jwt';
import { randomUUID } from 'node:crypto';
import type { User } from '../../generated/prisma/client.js';
import { APP_CONFIG, type AppConfig } from '../../common/config/config.js';
import { Clock, RandomSource, SecretHasher } from '../../common/security/secrets.js';
import { AuthRepository } from './auth.repository.js';

export interface AccessClaims {
  sub: string;
  role: string;
  /** The user's session version when the token was issued. */
  sv: number;
}

export interface IssuedTokens {
  access_token: string;
  refresh_token: string;
  token_type: 'bearer';
  expires_in: number;
}

export interface SessionContext {
  ip?: string;
  userAgent?: string;
}

/** Short-lived JWT access tokens and rotating refresh tokens (stored only as hashes). */
@Injectable()
export class TokensService {
  constructor(
    private readonly jwt: JwtService,
    private readonly repository: AuthRepository,
    private readonly random: RandomSource,
    private readonly hasher: SecretHasher,
    private readonly clock: Clock,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  /** Tokens for a user; `familyId` continues a refresh chain, otherwise a new chain starts. */
  async issue(user: User, context: SessionContext, familyId: string = randomUUID()): Promise<IssuedTokens> {
    const claims: AccessClaims = { sub: user.id, role: user.role, sv: user.sessionVersion };
    const accessToken = await this.jwt.signAsync(claims);
    const refreshToken = this.random.token();
    const expiresAt = new Date(this.clock.now().getTime() + this.config.REFRESH_TOKEN_TTL_DAYS * 86400_000);
    await this.repository.createSession({
      userId: user.id,
      familyId,
      tokenHash: this.hasher.hash(refreshToken),
      expiresAt,
      ip: context.ip,
      userAgent: context.userAgent?.slice(0, 300),
    });
    return {
      access_token: accessToken,
      refresh_token: refreshToken,
      token_type: 'bearer',
      expires_in: this.config.ACCESS_TOKEN_TTL_SECONDS,
    };
  }

  /** The claims of a valid access token, or null (bad signature, other algorithm, expired). */
  async verifyAccess(token: string): Promise<AccessClaims | null> {
    try {
      return await this.jwt.verifyAsync<AccessClaims>(token);
    } catch {
      return null;
    }
  }
}
