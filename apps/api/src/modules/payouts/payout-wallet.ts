import { payableWallet } from '@coursa/domain';

/** What the payouts need to know of a courier to pay them. */
export interface WalletHolder {
  phone: string;
  courierProfile: { bankName: string | null; bankAccount: string | null } | null;
}

/**
 * Where a courier's pay goes: the Orange Money or MTN MoMo wallet of their KYC file when it is a valid one, else
 * their own phone (its operator decides the rail).
 */
export function payoutWallet(courier: WalletHolder): string {
  const { bankName, bankAccount } = courier.courierProfile ?? {};
  if ((bankName === 'orange_money' || bankName === 'mtn_momo') && bankAccount) {
    const wallet = payableWallet(bankAccount);
    if (wallet) return wallet;
  }
  return courier.phone;
}
