import { SAVED_PLACE_MESSAGES } from '@coursa/domain';
import { conflict, notFound } from '../../common/errors/domain-error.js';

export const SavedPlaceErrors = {
  /** A place the caller does not hold answers as an unknown one: it does not say whose it is. */
  notFound: () => notFound('SAVED_PLACE_NOT_FOUND', SAVED_PLACE_MESSAGES.notFound),
  limitReached: () => conflict('SAVED_PLACES_LIMIT_REACHED', SAVED_PLACE_MESSAGES.limit),
  duplicateLabel: (label: string) => conflict('SAVED_PLACE_LABEL_TAKEN', SAVED_PLACE_MESSAGES.duplicateLabel(label)),
};
