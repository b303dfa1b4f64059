import type { PaymentMethodCode, PaymentMethodItem, PaymentMethodsResponse } from '@coursa/contracts';

// A merchant's monthly statement is no method a client chooses.
const METHODS: Record<Exclude<PaymentMethodCode, 'monthly_statement'>, { group: Exclude<keyof PaymentMethodsResponse, 'paycard_info'>; item: PaymentMethodItem }> = {
  paycard: {
    group: 'paycard_mobile_money',
    item: {
      code: 'paycard',
      name: 'PayCard',
      currency: 'GNF',
      description: 'Payez avec PayCard, Orange Money ou MTN MoMo sur la page sécurisée PayCard.',
      prefixes: [],
    },
  },
  orange_money: {
    group: 'mobile_money',
    item: {
      code: 'orange_money',
      name: 'Orange Money',
      currency: 'GNF',
      description: 'Paiement depuis votre compte Orange Money.',
      prefixes: ['62'],
    },
  },
  mtn_momo: {
    group: 'mobile_money',
    item: {
      code: 'mtn_momo',
      name: 'MTN MoMo',
      currency: 'GNF',
      description: 'Validez le paiement sur votre téléphone MTN MoMo.',
      prefixes: ['66'],
    },
  },
  card: {
    group: 'card',
    item: { code: 'card', name: 'Carte bancaire', currency: 'USD', description: 'Visa ou Mastercard, débitée en dollars.', prefixes: [] },
  },
  cash_on_delivery: {
    group: 'cash_on_delivery',
    item: {
      code: 'cash_on_delivery',
      name: 'Paiement à la livraison',
      currency: 'GNF',
      description: 'Vous payez le livreur en espèces à la remise du colis.',
      prefixes: [],
    },
  },
};

/** The wallet prefixes of each mobile-money operator (620–629 Orange, 660–669 Areeba/MTN). */
export function acceptsPayer(method: 'orange_money' | 'mtn_momo', e164: string): boolean {
  return METHODS[method].item.prefixes.some((prefix) => e164.startsWith(`+224${prefix}`));
}

/** Spec §3 "Payment methods response", for the methods switched on in configuration. */
export function paymentMethods(enabled: Exclude<PaymentMethodCode, 'monthly_statement'>[]): PaymentMethodsResponse {
  const response: PaymentMethodsResponse = { paycard_mobile_money: [], mobile_money: [], cash_on_delivery: [], card: [] };
  for (const code of enabled) response[METHODS[code].group].push(METHODS[code].item);
  if (enabled.includes('paycard')) {
    response.paycard_info = { provider: 'PayCard', description: 'Paiement sécurisé par PayCard (Guinée).' };
  }
  return response;
}
