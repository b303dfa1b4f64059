import { Injectable } from '@nestjs/common';
import { sessionVerdict, type Role } from '@coursa/domain';
import { AuthStates } from '../users/auth-states.js';
import { UsersRepository } from '../users/users.repository.js';
import { TokensService } from './tokens.service.js';

/** A signed-in user as every entry point sees them once their session is checked. */
export interface SessionUser {
  id: string;
  role: Role;
  fullName: string;
  /** The session version the access token carries. */
  sv: number;
  /** When the access token expires (epoch seconds), if it says. */
  exp?: number;
}

export type SessionCheckResult = { verdict: 'valid'; user: SessionUser } | { verdict: 'expired' } | { verdict: 'disabled' };

/**
 * The one session check (the access policy's `sessionVerdict`, libs/domain/access.ts) for every entry point: the REST
 * guard, the socket handshake, the periodic socket sweep and the queue board. A token's account comes from AuthStates,
 * which keeps it a few seconds in each process but has every process forget it the moment it changes, so a disabled
 * account or a changed password ends the session at once; the sweep reads the accounts of every open socket afresh.
 */
@Injectable()
export class SessionCheck {
  constructor(
    private readonly tokens: TokensService,
    private readonly users: UsersRepository,
    private readonly authStates: AuthStates,
  ) {}

  /** The session behind an access token: a bad, forged or expired token is `expired`. */
  async verify(token: string | undefined | null): Promise<SessionCheckResult> {
    const claims = token ? await this.tokens.verifyAccess(token) : null;
    if (!claims) return { verdict: 'expired' };
    const account = await this.authStates.read(claims.sub);
    const verdict = sessionVerdict(account, claims.sv);
    if (verdict !== 'valid') return { verdict };
    return { verdict: 'valid', user: { id: account!.id, role: account!.role, fullName: account!.fullName, sv: claims.sv, exp: claims.exp } };
  }

  /** Of these open sessions, the ones still valid (one query for all). */
  async stillValid(sessions: { id: string; sv: number }[]): Promise<(session: { id: string; sv: number }) => boolean> {
    if (!sessions.length) return () => false;
    const accounts = new Map((await this.users.findAuthStates([...new Set(sessions.map((session) => session.id))])).map((account) => [account.id, account]));
    return (session) => sessionVerdict(accounts.get(session.id), session.sv) === 'valid';
  }
}
