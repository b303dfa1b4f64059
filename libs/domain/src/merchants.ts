/** Shops order by API (issue 40): merchant accounts, API keys and webhooks. */

/** How a merchant pays for its courses. */
export const MERCHANT_PAYMENT_TERMS = ['cash_on_delivery', 'mobile_money', 'monthly_statement'] as const;
export type MerchantPaymentTerms = (typeof MERCHANT_PAYMENT_TERMS)[number];
export const MERCHANT_PAYMENT_TERMS_LABELS: Record<MerchantPaymentTerms, string> = {
  cash_on_delivery: 'Paiement à la livraison',
  mobile_money: 'Mobile money par course',
  monthly_statement: 'Relevé mensuel',
};

/** What an API key may do. */
export const API_KEY_SCOPES = ['deliveries:write', 'deliveries:read', 'webhooks:manage'] as const;
export type ApiKeyScope = (typeof API_KEY_SCOPES)[number];
export const API_KEY_SCOPE_LABELS: Record<ApiKeyScope, string> = {
  'deliveries:write': 'Créer et annuler des livraisons',
  'deliveries:read': 'Lire les livraisons',
  'webhooks:manage': 'Gérer les webhooks',
};
/** Every key starts with it: `cs_live_<12 characters>_<secret>`. */
export const API_KEY_PREFIX = 'cs_live_';

/** The events a webhook endpoint may choose, each sent when a merchant's delivery reaches that step. */
export const WEBHOOK_EVENT_TYPES = [
  'delivery.created',
  'delivery.assigned',
  'delivery.picked_up',
  'delivery.in_transit',
  'delivery.delivered',
  'delivery.cancelled',
  'delivery.refunded',
] as const;
export type WebhookEventType = (typeof WEBHOOK_EVENT_TYPES)[number];
/** The event « Envoyer un test » sends; an endpoint receives it whatever it chose. */
export const WEBHOOK_TEST_EVENT = 'webhook.test';
