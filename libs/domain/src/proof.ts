/**
 * Proof of delivery beside the code (issue 37): the courier's photo of the parcel at the door. Configuration says which
 * courses need it before the code is accepted; it settles « je n'ai rien reçu » disputes that the code alone cannot.
 */
import { cashToCollect, priceToPay } from './pricing.js';

/** When the photo is required: on every cash-on-delivery course, and/or above a price the client pays (GNF). */
export interface ProofPhotoPolicy {
  requiredForCash: boolean;
  /** null: no price threshold. */
  requiredAboveGnf: number | null;
}

export function proofPhotoRequired(
  course: { paymentMethod: string; estimatedPrice: number; discount: number; finalPrice?: number | null },
  policy: ProofPhotoPolicy,
): boolean {
  if (policy.requiredForCash && cashToCollect(course) !== null) return true;
  return policy.requiredAboveGnf !== null && priceToPay(course) > policy.requiredAboveGnf;
}

/** The texts of the proof photo, the same on the server's refusal and the courier's screen. */
export const PROOF_MESSAGES = {
  required: 'Photo de remise obligatoire pour cette course : prenez le colis en photo à la porte, puis validez le code.',
  notExpected: "La photo de remise se prend à la porte, quand la course est en route vers le destinataire.",
  saved: 'Photo de remise enregistrée.',
} as const;
