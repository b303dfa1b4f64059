import { notFound } from '../../common/errors/domain-error.js';

export const StaffNotificationErrors = {
  notFound: () => notFound('NOTIFICATION_NOT_FOUND', 'Notification introuvable.'),
};
