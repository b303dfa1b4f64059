import { conflict } from '../../common/errors/domain-error.js';

export const RatingErrors = {
  notDelivered: () => conflict('COURSE_NOT_DELIVERED', 'Seule une course livrée peut être évaluée.'),
  noCourier: () => conflict('NO_COURIER_TO_RATE', "Cette course n'a pas de livreur à évaluer."),
  alreadyRated: () => conflict('COURSE_ALREADY_RATED', 'Cette course a déjà été évaluée.'),
};
