import { Injectable } from '@nestjs/common';
import type { Merchant } from '../../generated/prisma/client.js';
import { PrismaService } from '../../common/prisma/prisma.service.js';

@Injectable()
export class MerchantAccountsRepository {
  constructor(private readonly prisma: PrismaService) {}

  /** The merchant profile of an account, if staff made it a merchant. */
  findByUserId(userId: string): Promise<Merchant | null> {
    return this.prisma.client.merchant.findUnique({ where: { userId } });
  }
}
