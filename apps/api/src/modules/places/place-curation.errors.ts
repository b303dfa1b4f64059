import { badRequest, conflict, notFound } from '../../common/errors/domain-error.js';

/** Staff's curation of the place book (issue 39). */
export const PlaceCurationErrors = {
  notFound: () => notFound('PLACE_NOT_FOUND', 'Lieu introuvable : il a peut-être été fusionné dans un autre. Rechargez la liste.'),
  targetNotFound: () => notFound('PLACE_TARGET_NOT_FOUND', 'Le lieu dans lequel fusionner est introuvable : il a peut-être été fusionné lui aussi. Rechargez la liste.'),
  mergeIntoItself: () => badRequest('PLACE_MERGE_INTO_ITSELF', 'Un lieu ne peut pas être fusionné dans lui-même : choisissez un autre lieu.'),
  busy: () => conflict('PLACE_BOOK_BUSY', 'Le carnet des lieux est en cours de regroupement ou d’une autre fusion : réessayez dans un instant.'),
};
