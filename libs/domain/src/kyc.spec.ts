import { describe, expect, it } from '@jest/globals';
import { kycPayoutAccount } from './kyc.js';

describe('kycPayoutAccount', () => {
  it('keeps a wallet of its own operator in E.164, whatever form it was typed in', () => {
    expect(kycPayoutAccount('orange_money', '620 00 00 01')).toEqual({ account: '+224620000001' });
    expect(kycPayoutAccount('mtn_momo', '00224 664 00 00 01')).toEqual({ account: '+224664000001' });
  });

  it("refuses a wallet of the other operator, another block or no phone at all", () => {
    expect(kycPayoutAccount('orange_money', '+224 664 00 00 01')).toBe('refused');
    expect(kycPayoutAccount('mtn_momo', '622000001')).toBe('refused');
    expect(kycPayoutAccount('orange_money', '650000001')).toBe('refused');
    expect(kycPayoutAccount('mtn_momo', 'GN00 1234')).toBe('refused');
  });

  it('keeps a bank account, another wallet, or nothing, as typed', () => {
    expect(kycPayoutAccount('ecobank', 'GN00 1234')).toEqual({ account: 'GN00 1234' });
    expect(kycPayoutAccount('moov_flooz', '650000001')).toEqual({ account: '650000001' });
    expect(kycPayoutAccount(null, 'GN00 1234')).toEqual({ account: 'GN00 1234' });
    expect(kycPayoutAccount('orange_money', null)).toEqual({ account: null });
  });
});
