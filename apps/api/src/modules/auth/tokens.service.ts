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

/** The claims of a verified access token: what it was signed with, and its expiry (epoch seconds) when it has one. */
export type VerifiedClaims = AccessClaims & { exp?: number };

/** How many verified access tokens a process keeps: more than the users signed in to one API process at once. */
export const VERIFIED_TOKENS_KEPT = 20_000;

/** Short-lived JWT access tokens and rotating refresh tokens (stored only as hashes). */
@Injectable()
export class TokensService {
  /**
   * The access tokens this process verified, by their whole text, with their claims (issue 42). A user's requests
   * carry the same token for its whole life, and checking its signature again each time (decoding, the HMAC, the JSON,
   * jsonwebtoken's options) cost more than everything else the session check does. Only a token that verified is
   * kept, so a forged or altered one is never found here; a kept one is refused from its `exp` on, the second
   * jsonwebtoken would refuse it, both reading the Clock. The account behind it (disabled, password changed) is not
   * decided here: the session check reads it on every request (AuthStates). Kept in the order verified, the oldest
   * dropped first past VERIFIED_TOKENS_KEPT.
   */
  private readonly verified = new Map<string, Required<VerifiedClaims>>();

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
  async verifyAccess(token: string): Promise<VerifiedClaims | null> {
    const clockTimestamp = Math.floor(this.clock.now().getTime() / 1000);
    const known = this.verified.get(token);
    if (known) {
      if (clockTimestamp < known.exp) return known;
      this.verified.delete(token);
      return null;
    }
    let claims: VerifiedClaims;
    try {
      claims = this.jwt.verify<VerifiedClaims>(token, { clockTimestamp });
    } catch {
      return null;
    }
    // Every token this service signs has an `exp`; one without would never be refused again, so it is not kept.
    if (typeof claims.exp === 'number') this.remember(token, claims as Required<VerifiedClaims>);
    return claims;
  }

  private remember(token: string, claims: Required<VerifiedClaims>) {
    this.verified.set(token, Object.freeze(claims));
    if (this.verified.size > VERIFIED_TOKENS_KEPT) this.verified.delete(this.verified.keys().next().value!);
  }
}
