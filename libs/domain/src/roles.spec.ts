import { describe, expect, it } from '@jest/globals';
import { accountTypeLabel } from './roles.js';

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
