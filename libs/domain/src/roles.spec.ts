import { describe, expect, it } from '@jest/globals';
import { accountTypeLabel, mayManageAccount, mayMoveMoney } from './roles.js';

describe('accountTypeLabel', () => {
  it("gives the spec's labels, and a super administrator their own rather than the fallback « Support »", () => {
    expect(['client', 'salaried_delivery', 'independent_delivery', 'admin', 'support', 'super_admin'].map(accountTypeLabel)).toEqual([
      'Client',
      'Livreur Salarié',
      'Livreur Indépendant',
      'Administrateur',
      'Support',
      'Super administrateur',
    ]);
  });
});

describe('who stands above whom', () => {
  it('nobody manages an account of a role above their own', () => {
    expect(mayManageAccount('support', 'admin')).toBe(false);
    expect(mayManageAccount('support', 'super_admin')).toBe(false);
    expect(mayManageAccount('admin', 'super_admin')).toBe(false);
    expect(mayManageAccount('support', 'support')).toBe(true);
    expect(mayManageAccount('support', 'independent_delivery')).toBe(true);
    expect(mayManageAccount('admin', 'admin')).toBe(true);
    expect(mayManageAccount('super_admin', 'super_admin')).toBe(true);
  });
  it('only administrators move money', () => {
    expect(['client', 'salaried_delivery', 'independent_delivery', 'support', 'admin', 'super_admin'].filter(mayMoveMoney)).toEqual(['admin', 'super_admin']);
  });
});
