import type { PushKind, PushMessage } from '@coursa/contracts';
import { formatDistance, formatGnf } from '@coursa/domain';

/**
 * The French texts of every push (issue 37), short enough for a lock screen (a title under 40 characters, a text
 * under 120), with the screen a tap opens. Nothing secret: no delivery code, no link token.
 */
const message = (kind: PushKind, title: string, body: string, url: string, tag: string): PushMessage => ({ kind, title, body, url, tag });

const courseTab = (tab: string, courseId: string) => `/?tab=${tab}&course=${courseId}`;

export const pushTexts = {
  /** To a courier near a new course's pickup (the dispatch's first round). */
  courseOffer: (course: { id: string; pickupAddress: string; distanceKm: number; priceToPay: number }) =>
    message(
      'course_offer',
      'Nouvelle course près de vous',
      `Retrait ${formatDistance(course.distanceKm)} : ${shorten(course.pickupAddress, 60)} · ${formatGnf(course.priceToPay)}`,
      courseTab('available-courses', course.id),
      `offer-${course.id}`,
    ),
  courseCancelled: (courseId: string) =>
    message('course_cancelled', 'Course annulée', "La course que vous teniez a été annulée. N'allez pas au retrait.", courseTab('my-deliveries', courseId), `course-${courseId}`),
  courseClosedByStaff: (courseId: string) =>
    message('course_closed_by_staff', 'Course clôturée par Coursa', "L'équipe Coursa a clôturé votre course. Ouvrez l'application pour les détails.", courseTab('my-deliveries', courseId), `course-${courseId}`),
  payoutSent: (amount: number) =>
    message('payout_sent', 'Paiement envoyé', `${formatGnf(amount)} ont été versés sur votre compte mobile money.`, '/?tab=earnings', 'payout'),
  payoutFailed: (amount: number) =>
    message('payout_failed', 'Paiement échoué', `Le virement de ${formatGnf(amount)} a échoué ; le montant reste dans votre solde.`, '/?tab=earnings', 'payout'),
  courierAssigned: (courseId: string) =>
    message('courier_assigned', 'Livreur trouvé', 'Un livreur a accepté votre course et va au retrait.', courseTab('tracking', courseId), `course-${courseId}`),
  parcelCollected: (courseId: string) =>
    message('parcel_collected', 'Colis récupéré', 'Le livreur a récupéré votre colis.', courseTab('tracking', courseId), `course-${courseId}`),
  courierOnTheWay: (courseId: string) =>
    message('courier_on_the_way', 'En route vers le destinataire', 'Le livreur est en route vers le point de livraison.', courseTab('tracking', courseId), `course-${courseId}`),
  delivered: (courseId: string) =>
    message('delivered', 'Colis livré', 'Votre colis a été livré. Votre reçu est disponible dans « Mes courses ».', courseTab('my-courses', courseId), `course-${courseId}`),
  refundCompleted: (amount: number) =>
    message('refund_completed', 'Remboursement effectué', `${formatGnf(amount)} vous ont été remboursés.`, '/?tab=my-courses', 'refund'),
  /** Issue 38: staff gave a course to this courier (a waiting one, or one taken from another). */
  courseGivenToYou: (courseId: string) =>
    message('course_given_to_you', 'Course confiée', "L'équipe Coursa vous a confié une course. Ouvrez la navigation.", courseTab('navigation', courseId), `course-${courseId}`),
  /** Issue 38: staff gave this courier's course to another. */
  courseTakenFromYou: (courseId: string) =>
    message('course_taken_from_you', 'Course retirée', "L'équipe Coursa a confié votre course à un autre livreur. Ne poursuivez pas.", courseTab('my-deliveries', courseId), `course-${courseId}`),
  /** Issue 38: the client's course has a new courier. */
  courierChanged: (courseId: string) =>
    message('courier_changed', 'Nouveau livreur', 'Un autre livreur prend en charge votre course.', courseTab('tracking', courseId), `course-${courseId}`),
  /** To a courier on a course whose positions stopped reaching the server (COURIER_SILENT_AFTER_S). */
  positionSilent: (courseId: string) =>
    message('position_silent', 'Position perdue', "Coursa ne reçoit plus votre position : rouvrez l'application", courseTab('navigation', courseId), `silent-${courseId}`),
};

function shorten(text: string, max: number): string {
  return text.length <= max ? text : `${text.slice(0, max - 1)}…`;
}
