import { describe, expect, it } from '@jest/globals';
import { payableWallet, toGuineanMobile } from './phone.js';

describe('toGuineanMobile', () => {
  it.each([
    ['+224 620 00 00 01', '+224620000001'],
    ['00224 655 12 34 56', '+224655123456'],
    ['620000001', '+224620000001'],
    ['664 12 34 56', '+224664123456'],
  ])('reads %s as %s', (input, expected) => {
    expect(toGuineanMobile(input)).toBe(expected);
  });

  it.each([
    ['a French number', '+33 6 12 34 56 78'],
    ['a Guinean fixed line', '+224 30 45 12 34'],
    ['eight digits (the old plan)', '+224 62000000'],
    ['letters', 'abc'],
    ['an empty string', ''],
    ['too many digits', '+224 6200000011'],
  ])('refuses %s', (_label, input) => {
    expect(toGuineanMobile(input)).toBeNull();
  });
});

describe('payableWallet', () => {
  it('is an Orange Money (62X) or MTN MoMo (66X) number in E.164, else null', () => {
    expect(payableWallet('620 00 00 01')).toBe('+224620000001');
    expect(payableWallet('+224 664 00 00 01')).toBe('+224664000001');
    for (const unpaid of ['+224 650 00 00 01', '+224 655 12 34 56', '12', '+33 6 12 34 56 78', '']) expect(payableWallet(unpaid)).toBeNull();
  });
});
