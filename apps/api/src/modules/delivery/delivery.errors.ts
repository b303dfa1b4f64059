import { COURIER_MONEY_MESSAGES, COURSE_STATUS_LABELS, DELIVERY_MESSAGES, formatGnf, OCCURRED_AT_MESSAGES, PROOF_MESSAGES, type CourseStatus, type OccurredAtRefusal } from '@coursa/domain';
import { badRequest, conflict, notFound, unprocessable } from '../../common/errors/domain-error.js';

const OCCURRED_AT_CODES: Record<OccurredAtRefusal, string> = {
  in_future: 'OCCURRED_AT_IN_FUTURE',
  before_previous_step: 'OCCURRED_AT_BEFORE_PREVIOUS_STEP',
  before_course: 'OCCURRED_AT_BEFORE_COURSE',
};

export const DeliveryErrors = {
  notFound: () => notFound('COURSE_NOT_FOUND', 'Course introuvable.'),
  unavailable: () => conflict('COURIER_UNAVAILABLE', 'Activez votre disponibilité pour accepter une course.'),
  overCashCap: (owed: number, cap: number) => conflict('CASH_CAP_REACHED', COURIER_MONEY_MESSAGES.overCashCap(formatGnf(owed), formatGnf(cap))),
  alreadyTaken: () => conflict('COURSE_ALREADY_ASSIGNED', 'Cette course a déjà été acceptée par un autre livreur.'),
  invalidStep: (status: CourseStatus) =>
    conflict('INVALID_STATUS_TRANSITION', `Étape impossible : la course est « ${COURSE_STATUS_LABELS[status]} ».`),
  deliveryNeedsCode: () => conflict('DELIVERY_NEEDS_OTP', 'La livraison se valide avec le code reçu par le destinataire.'),
  unknownStatus: () => badRequest('INVALID_STATUS', 'Statut inconnu.'),
  otpNotExpected: () => conflict('OTP_NOT_EXPECTED', 'Le code se saisit quand la course est en route vers la livraison.'),
  otpWrong: () => badRequest('OTP_INVALID', DELIVERY_MESSAGES.otpWrong),
  otpLocked: () =>
    conflict('OTP_LOCKED', "Trop de tentatives : ce code n'est plus valable. Envoyez un nouveau code au destinataire."),
  courseClosed: () => conflict('COURSE_CLOSED', 'Cette course est terminée.'),
  implausibleTime: (refusal: OccurredAtRefusal) =>
    badRequest(OCCURRED_AT_CODES[refusal], OCCURRED_AT_MESSAGES[refusal]),
  proofPhotoRequired: () => unprocessable('PROOF_PHOTO_REQUIRED', PROOF_MESSAGES.required),
  proofPhotoNotExpected: () => conflict('PROOF_PHOTO_NOT_EXPECTED', PROOF_MESSAGES.notExpected),
  noLongerYours: () =>
    conflict('COURSE_NO_LONGER_YOURS', "Cette course ne vous est plus confiée (rendue ou confiée à un autre livreur) : l'action n'a pas été enregistrée."),
  handBackTooLate: () =>
    conflict('HAND_BACK_TOO_LATE', 'Colis déjà récupéré : la course ne peut plus être rendue. Utilisez « Signaler un incident ».'),
  handBackNeedsText: () => badRequest('HAND_BACK_REASON_REQUIRED', 'Précisez le motif (« Autre »).'),
  incidentNeedsText: () => badRequest('INCIDENT_TEXT_REQUIRED', "Décrivez l'incident (« Autre »)."),
  incidentNotExpected: (status: CourseStatus) =>
    conflict('INCIDENT_NOT_EXPECTED', `Un incident se signale une fois le colis récupéré ; la course est « ${COURSE_STATUS_LABELS[status]} ». Avant, rendez la course.`),
  emptyIssue: () => badRequest('ISSUE_REQUIRED', 'Décrivez le problème pour contacter le support.'),
};
