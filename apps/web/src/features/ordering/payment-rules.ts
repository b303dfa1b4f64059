import type { CreateCourseRequest, PaymentMethodItem } from '@coursa/contracts';
import { toGuineanMobile } from '@coursa/domain';

export const PAYMENT_MESSAGES = {
  loadFailed: 'Erreur de chargement',
  emptyMethods: 'Configuration en cours',
  invalidMethods: 'Données de paiement invalides',
  paymentFailed: 'Erreur lors du traitement du paiement',
  paycardFailed: "Erreur lors de l'initialisation du paiement PayCard",
  courseCreationFailed: 'Erreur lors de la création de la course. Contactez le support.',
  promptUnanswered:
    "Aucune confirmation reçue pour le moment. Si vous validez la demande sur votre téléphone, votre course sera créée automatiquement : retrouvez-la dans « Mes courses ».",
  success: 'Votre course est enregistrée !',
  phoneRequired: 'Le numéro de téléphone est obligatoire',
  phoneInvalid: 'Numéro invalide : +224 suivi de 9 chiffres (6XX XX XX XX)',
} as const;

/** Spec §9: the modal closes itself 3 s after a success. */
export const PAYMENT_SUCCESS_CLOSE_MS = 3000;
/** How often a returning payment's status is asked while it is pending. */
export const PAYMENT_STATUS_POLL_MS = 2000;
/** How long the modal waits for the payer to approve a prompt on their phone before saying it is still unanswered. */
export const PROMPT_PATIENCE_MS = 3 * 60_000;

/** What the modal says while the operator's prompt waits on the payer's phone. */
export const promptMessage = (phone: string) =>
  `Confirmez le paiement sur votre téléphone (${phone}) : l'opérateur vous a envoyé une demande de paiement. Votre course sera créée dès votre confirmation.`;

const GROUPS = ['paycard_mobile_money', 'mobile_money', 'card', 'cash_on_delivery'] as const;

/** The methods of the grouped answer in display order; null when the answer is not the expected shape. */
export function flattenMethods(answer: unknown): PaymentMethodItem[] | null {
  if (!answer || typeof answer !== 'object') return null;
  const groups = answer as Partial<Record<(typeof GROUPS)[number], unknown>>;
  const methods: PaymentMethodItem[] = [];
  for (const group of GROUPS) {
    const items = groups[group] ?? [];
    if (!Array.isArray(items)) return null;
    for (const item of items as Partial<PaymentMethodItem>[]) {
      if (!item || typeof item.code !== 'string' || typeof item.name !== 'string') return null;
      methods.push(item as PaymentMethodItem);
    }
  }
  return methods;
}

/** Spec §7: COURSE_ followed by a timestamp. */
export const newOrderId = (now = Date.now()) => `COURSE_${now}`;

/** Card number as typed: digits grouped by 4, at most 19 characters (16 digits). */
export const formatCardNumber = (value: string) =>
  value
    .replace(/\D/g, '')
    .slice(0, 16)
    .replace(/(\d{4})(?=\d)/g, '$1 ');

/** CVV: digits only, at most 4. */
export const keepCvvDigits = (value: string) => value.replace(/\D/g, '').slice(0, 4);

export const EXPIRY_MONTHS = Array.from({ length: 12 }, (_, index) => String(index + 1).padStart(2, '0'));

/** The expiry years offered: this year and the next 9. */
export const expiryYears = (now = new Date()) =>
  Array.from({ length: 10 }, (_, index) => String(now.getFullYear() + index));

export interface CardFields {
  number: string;
  cvv: string;
  month: string;
  year: string;
}

export const isCardComplete = (card: CardFields) =>
  card.number.replace(/\D/g, '').length >= 12 && card.cvv.length >= 3 && !!card.month && !!card.year;

/**
 * Spec §5 mobile money, on today's numbering plan: +224 and 9 digits, the wallet prefix of the operator
 * (62X Orange, 66X MTN). Returns the problem, or null.
 */
export function mobileMoneyPhoneProblem(phone: string, method: PaymentMethodItem): string | null {
  if (!phone.trim()) return PAYMENT_MESSAGES.phoneRequired;
  const e164 = toGuineanMobile(phone);
  if (!e164) return PAYMENT_MESSAGES.phoneInvalid;
  if (method.prefixes.length && !method.prefixes.some((prefix) => e164.startsWith(`+224${prefix}`))) {
    const wallets = method.prefixes.map((prefix) => `${prefix}X`).join(', ');
    return `Ce numéro n'est pas un compte ${method.name} (numéros ${wallets})`;
  }
  return null;
}

const PENDING_KEY = 'coursa.pending-course';

/** A course waiting for its payment, kept across the provider's redirect. */
export interface PendingCourse {
  order_id: string;
  amount: number;
  course: CreateCourseRequest;
}

export const pendingCourse = {
  save: (pending: PendingCourse) => localStorage.setItem(PENDING_KEY, JSON.stringify(pending)),
  load(orderId: string): PendingCourse | null {
    try {
      const pending = JSON.parse(localStorage.getItem(PENDING_KEY) ?? 'null') as PendingCourse | null;
      return pending?.order_id === orderId ? pending : null;
    } catch {
      return null;
    }
  },
  clear: () => localStorage.removeItem(PENDING_KEY),
};
