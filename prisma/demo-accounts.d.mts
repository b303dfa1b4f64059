import type { Role } from '../apps/api/src/generated/prisma/client.js';

export declare const DEMO_PASSWORD: string;
export declare const DEMO_ACCOUNTS: { role: Role; phone: string; fullName: string }[];
