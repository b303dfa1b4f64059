import { WEBHOOK_TEST_EVENT, type WebhookEventType } from '@coursa/domain';
import { type WebhookDeliveryDto } from '@coursa/contracts';

/** What each webhook event says, in the merchant's words (the code beside it is what its server receives in `type`). */
export const WEBHOOK_EVENT_LABELS: Record<WebhookEventType | typeof WEBHOOK_TEST_EVENT, string> = {
  'delivery.created': 'Livraison créée',
  'delivery.assigned': 'Livreur assigné',
  'delivery.picked_up': 'Colis récupéré',
  'delivery.in_transit': 'En route vers le destinataire',
  'delivery.delivered': 'Livrée',
  'delivery.cancelled': 'Annulée',
  'delivery.refunded': 'Remboursée',
  [WEBHOOK_TEST_EVENT]: 'Test',
};

export const eventLabel = (type: string): string => WEBHOOK_EVENT_LABELS[type as WebhookEventType] ?? type;

export const DELIVERY_STATUS: Record<WebhookDeliveryDto['status'], { label: string; tone: string }> = {
  pending: { label: 'En attente', tone: 'assigned' },
  succeeded: { label: 'Réussi', tone: 'delivered' },
  failed: { label: 'Échoué', tone: 'cancelled' },
};
