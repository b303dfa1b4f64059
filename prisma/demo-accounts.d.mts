import type { Role } from '../apps/api/src/generated/prisma/client.js';

export declare const DEMO_PASSWORD: string;
export declare const DEMO_ACCOUNTS: { role: Role; phone: string; fullName: string }[];
export declare const DEMO_MERCHANT: {
  phone: string;
  businessName: string;
  pickupAddress: string;
  pickupLatitude: number;
  pickupLongitude: number;
  pickupInstructions: string;
  pickupContactName: string;
  pickupContactPhone: string;
  paymentTerms: 'cash_on_delivery' | 'mobile_money' | 'monthly_statement';
};
