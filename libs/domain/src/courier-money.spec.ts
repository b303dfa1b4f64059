import { describe, expect, it } from '@jest/globals';
import { amountDue, commissionsWithin, courierBalances, earlyPaymentBlocked, isOverCashCap } from './courier-money.js';
import { formatGnf } from './pricing.js';
import { walletOperatorOf } from './phone.js';

describe('courierBalances', () => {
  it('a courier who only earned is owed their commissions', () => {
    expect(courierBalances({ earnings: 8_400, cash: 0, deposited: 0 })).toEqual({ earnings_due: 8_400, cash_held: 0, cash_owed: 0, cash_deposits: 0, balance: 8_400 });
  });

  it('cash held beyond the commissions due is owed to the platform', () => {
    const balances = courierBalances({ earnings: 8_400, cash: 12_000, deposited: 3_000 });
    expect(balances).toEqual({ earnings_due: 8_400, cash_held: 12_000, cash_owed: 3_600, cash_deposits: 3_000, balance: -3_600 });
    expect(amountDue(balances)).toBe(0);
  });

  it('commissions beyond the cash held are still due, the cash kept out of them', () => {
    const balances = courierBalances({ earnings: 20_000, cash: 12_000, deposited: 0 });
    expect(balances).toMatchObject({ cash_owed: 0, balance: 8_000 });
    expect(amountDue(balances)).toBe(8_000);
  });

  it('the cap is on what is owed, strictly above it', () => {
    expect(isOverCashCap({ cash_owed: 500_000 }, 500_000)).toBe(false);
    expect(isOverCashCap({ cash_owed: 500_001 }, 500_000)).toBe(true);
  });
});

describe('walletOperatorOf', () => {
  it.each([
    ['+224620000001', 'orange_money'],
    ['+224629999999', 'orange_money'],
    ['+224660000001', 'mtn_momo'],
    ['+224669999999', 'mtn_momo'],
    ['+224650000001', null],
    ['+22462000000', null],
  ])('%s → %s', (phone, operator) => {
    expect(walletOperatorOf(phone)).toBe(operator);
  });
});

describe('commissionsWithin', () => {
  const seven = [{ id: 'a', amount: 7_000 }, { id: 'b', amount: 7_000 }, { id: 'c', amount: 7_000 }];
  it('pays the oldest first while they fit, splitting none', () => {
    expect(commissionsWithin(seven, 14_000).map((commission) => commission.id)).toEqual(['a', 'b']);
    expect(commissionsWithin(seven, 20_999).map((commission) => commission.id)).toEqual(['a', 'b']);
    expect(commissionsWithin(seven, 5_000)).toEqual([]);
    expect(commissionsWithin(seven, 21_000)).toHaveLength(3);
  });
  it('stops at the first one that does not fit, so a later smaller one never jumps the queue', () => {
    expect(commissionsWithin([{ amount: 3_000 }, { amount: 9_000 }, { amount: 1_000 }], 5_000)).toEqual([{ amount: 3_000 }]);
  });
});

describe('earlyPaymentBlocked', () => {
  it('says why the early payment cannot be asked: cash owed first, then nothing due, then below the minimum', () => {
    expect(earlyPaymentBlocked({ balance: -102_850, cash_owed: 102_850 })).toBe(
      `Vous devez ${formatGnf(102_850)} d'espèces à Coursa : déposez-les avant de demander un paiement anticipé.`,
    );
    expect(earlyPaymentBlocked({ balance: 0, cash_owed: 0 })).toBe("Rien ne vous est dû pour le moment : vos commissions ont été versées ou compensent vos espèces.");
    expect(earlyPaymentBlocked({ balance: 4_999, cash_owed: 0 })).toBe('Montant minimum de 5000 GNF requis pour une demande de paiement');
    expect(earlyPaymentBlocked({ balance: 5_000, cash_owed: 0 })).toBeNull();
  });
});
