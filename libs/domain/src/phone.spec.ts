import { describe, expect, it } from '@jest/globals';
import { toGuineanMobile } from './phone.js';

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
