import { Injectable } from '@nestjs/common';
import type { ApiKey, User } from '../../generated/prisma/client.js';
import { PrismaService } from '../../common/prisma/prisma.service.js';
import type { Tx } from '../../common/prisma/transaction.js';

/** A key as a request made with it is checked: the key and its merchant's account. */
export type PresentedKey = ApiKey & {
  merchant: { user: Pick<User, 'id' | 'role' | 'fullName' | 'isActive' | 'activatedAt' | 'anonymizedAt' | 'sessionVersion'> };
};

export type NewApiKey = Pick<ApiKey, 'merchantId' | 'name' | 'prefix' | 'secretHash' | 'scopes'> & { rotatedFromId?: string };

@Injectable()
export class ApiKeysRepository {
  constructor(private readonly prisma: PrismaService) {}

  /** The merchant's keys, newest first (revoked and expired ones too: the list says what became of each). */
  listOf(merchantId: string): Promise<ApiKey[]> {
    return this.prisma.client.apiKey.findMany({ where: { merchantId }, orderBy: [{ createdAt: 'desc' }, { id: 'desc' }] });
  }

  /** Locks the merchant's row: key creations of one merchant queue there, so each count sees every earlier one. */
  async lockMerchant(tx: Tx, merchantId: string): Promise<void> {
    await tx.$queryRaw`SELECT 1 FROM merchants WHERE user_id = ${merchantId}::uuid FOR UPDATE`;
  }

  /** Keys neither revoked nor given an end by a rotation. */
  countActive(tx: Tx, merchantId: string): Promise<number> {
    return tx.apiKey.count({ where: { merchantId, revokedAt: null, expiresAt: null } });
  }

  create(tx: Tx, key: NewApiKey): Promise<ApiKey> {
    return tx.apiKey.create({ data: key });
  }

  /** The merchant's own key; null when it is another's or does not exist. */
  findOwn(tx: Tx, merchantId: string, id: string): Promise<ApiKey | null> {
    return tx.apiKey.findFirst({ where: { id, merchantId } });
  }

  /** Gives an active key its end (a rotation): false when it was not active any more (revoked, or rotated meanwhile). */
  async endActive(tx: Tx, merchantId: string, id: string, at: Date): Promise<boolean> {
    const ended = await tx.apiKey.updateMany({ where: { id, merchantId, revokedAt: null, expiresAt: null }, data: { expiresAt: at } });
    return ended.count > 0;
  }

  /** Revokes the merchant's key: false when it is not his, or was already revoked. */
  async revoke(tx: Tx, merchantId: string, id: string, at: Date): Promise<boolean> {
    const revoked = await tx.apiKey.updateMany({ where: { id, merchantId, revokedAt: null }, data: { revokedAt: at } });
    return revoked.count > 0;
  }

  /** The key with this public part, and its merchant's account: one indexed read per request, never cached. */
  findByPrefix(prefix: string): Promise<PresentedKey | null> {
    return this.prisma.client.apiKey.findUnique({
      where: { prefix },
      include: {
        merchant: {
          select: { user: { select: { id: true, role: true, fullName: true, isActive: true, activatedAt: true, anonymizedAt: true, sessionVersion: true } } },
        },
      },
    });
  }

  /** Marks the key used now, unless it already was since `since` (two requests at once write it once). */
  async touchLastUsed(id: string, at: Date, since: Date): Promise<void> {
    await this.prisma.client.apiKey.updateMany({ where: { id, OR: [{ lastUsedAt: null }, { lastUsedAt: { lt: since } }] }, data: { lastUsedAt: at } });
  }
}
