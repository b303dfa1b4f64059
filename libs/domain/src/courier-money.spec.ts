import { describe, expect, it } from '@jest/globals';
import { adjustmentLimit, amountDue, commissionsWithin, courierBalances, earlyPaymentBlocked, earlyPayoutAmount, isOverCashCap, mobileDepositRefusal, officeDepositLimit, payoutAboveDue, weeklyNetting, weeklySettled } from './courier-money.js';
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

describe('weeklyNetting and weeklySettled', () => {
  const unpaid = [{ amount: 3_000 }, { amount: 4_000 }, { amount: 5_000 }];

  it('commissions are first kept out of the cash held, the rest is paid, and every commission is settled', () => {
    const decision = weeklyNetting({ week: { earnings: 12_000, cash: 5_000 }, balance: 7_000, pendingDeposits: 0 });
    expect(decision).toEqual({ netted: 5_000, pay: 7_000, settlesAll: true });
    expect(weeklySettled(decision, unpaid)).toEqual(unpaid);
  });

  it('cash beyond the earnings nets them all and pays nothing', () => {
    expect(weeklyNetting({ week: { earnings: 12_000, cash: 20_000 }, balance: -8_000, pendingDeposits: 0 })).toEqual({ netted: 12_000, pay: 0, settlesAll: true });
  });

  it('cash already on its way to Coursa is not netted a second time', () => {
    expect(weeklyNetting({ week: { earnings: 12_000, cash: 5_000 }, balance: 7_000, pendingDeposits: 5_000 })).toMatchObject({ netted: 0 });
    expect(weeklyNetting({ week: { earnings: 12_000, cash: 5_000 }, balance: 7_000, pendingDeposits: 9_000 })).toMatchObject({ netted: 0 });
  });

  it('never pays more than the balance now: then only the commissions that fit whole are settled', () => {
    const decision = weeklyNetting({ week: { earnings: 12_000, cash: 0 }, balance: 8_000, pendingDeposits: 0 });
    expect(decision).toEqual({ netted: 0, pay: 8_000, settlesAll: false });
    expect(weeklySettled(decision, unpaid)).toEqual([{ amount: 3_000 }, { amount: 4_000 }]);
  });

  it('a negative balance or negative week earnings pay nothing', () => {
    expect(weeklyNetting({ week: { earnings: -2_000, cash: 3_000 }, balance: -5_000, pendingDeposits: 0 })).toEqual({ netted: 0, pay: 0, settlesAll: false });
  });
});

describe('what may be paid', () => {
  it('an early request sends what is due now, up to the amount asked', () => {
    expect(earlyPayoutAmount(10_000, { balance: 25_000 })).toBe(10_000);
    expect(earlyPayoutAmount(10_000, { balance: 6_000 })).toBe(6_000);
    expect(earlyPayoutAmount(10_000, { balance: -1_000 })).toBe(0);
  });

  it('staff never pay by hand above what is due', () => {
    expect(payoutAboveDue(8_000, { balance: 8_000 })).toBe(false);
    expect(payoutAboveDue(8_001, { balance: 8_000 })).toBe(true);
    expect(payoutAboveDue(1, { balance: -3_000 })).toBe(true);
  });

  it('an office deposit is within the cash held less the deposits on their way', () => {
    expect(officeDepositLimit(20_000, 5_000, 15_000)).toEqual({ refused: false, held: 15_000 });
    expect(officeDepositLimit(20_000, 5_000, 15_001)).toEqual({ refused: true, held: 15_000 });
    expect(officeDepositLimit(4_000, 5_000, 1)).toEqual({ refused: true, held: 0 });
  });

  it('a mobile-money deposit is within what is owed less the deposits on their way', () => {
    expect(mobileDepositRefusal({ cash_owed: 10_000 }, 0, 10_000)).toEqual({ refusal: null, owed: 10_000 });
    expect(mobileDepositRefusal({ cash_owed: 10_000 }, 4_000, 7_000)).toEqual({ refusal: 'above_owed', owed: 6_000 });
    expect(mobileDepositRefusal({ cash_owed: 10_000 }, 10_000, 1)).toEqual({ refusal: 'nothing_owed', owed: 0 });
    expect(mobileDepositRefusal({ cash_owed: 0 }, 0, 1)).toMatchObject({ refusal: 'nothing_owed' });
  });

  it('a correction downwards stops at the floor; upwards always passes', () => {
    expect(adjustmentLimit(10_000, 0, -10_000)).toEqual({ refused: false, left: 10_000 });
    expect(adjustmentLimit(10_000, 0, -10_001)).toEqual({ refused: true, left: 10_000 });
    expect(adjustmentLimit(10_000, 4_000, -6_001)).toEqual({ refused: true, left: 6_000 });
    expect(adjustmentLimit(-500, 0, 200)).toEqual({ refused: false, left: 0 });
  });
});
