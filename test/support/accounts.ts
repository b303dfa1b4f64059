import argon2 from 'argon2';
import { randomInt } from 'node:crypto';
import type { Role } from '@coursa/domain';
import type { TestApp } from './test-app.js';

/** A Guinean mobile number no other test uses. */
export function newPhone(): string {
  return `+22462${String(randomInt(0, 10_000_000)).padStart(7, '0')}`;
}

/** A different caller address for each test, so per-IP limits of one test don't affect another. */
export function newIp(): string {
  return `10.${randomInt(0, 255)}.${randomInt(0, 255)}.${randomInt(1, 254)}`;
}

let cachedHash: Promise<string> | undefined;

/** Inserts an activated account directly (staff-created roles cannot register), returns its phone and password. */
export async function createAccount(app: Pick<TestApp, 'db'>, role: Role = 'client', fields: { password?: string } = {}) {
  const password = fields.password ?? 'secret-123';
  const passwordHash = fields.password ? await argon2.hash(password) : await (cachedHash ??= argon2.hash('secret-123'));
  const phone = newPhone();
  const user = await app.db.user.create({
    data: {
      phone,
      passwordHash,
      fullName: `Test ${role}`,
      role,
      referralCode: `T${randomInt(0, 1e9)}`,
      activatedAt: new Date(),
      acceptedTerms: true,
    },
  });
  return { user, phone, password };
}

/** Signs in and returns the session answer. */
export async function login(app: Pick<TestApp, 'request'>, phone: string, password: string) {
  const answer = await app.request('POST', '/api/auth/login', { phone, password }, { ip: newIp() });
  if (answer.status !== 200) throw new Error(`login failed: ${answer.status} ${JSON.stringify(answer.body)}`);
  return answer.body as { access_token: string; refresh_token: string; user: { id: string } };
}

/** A signed-in account of the given role: its user row and access token. */
export async function signedIn(app: Pick<TestApp, 'db' | 'request'>, role: Role = 'client') {
  const account = await createAccount(app, role);
  const session = await login(app, account.phone, account.password);
  return { ...account, token: session.access_token };
}
