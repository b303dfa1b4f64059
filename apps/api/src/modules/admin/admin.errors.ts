import { accountTypeLabel, COURSE_STATUS_LABELS, type CourseStatus, type Role } from '@coursa/domain';
import { badRequest, conflict, forbidden, notFound } from '../../common/errors/domain-error.js';

export const AdminErrors = {
  userNotFound: () => notFound('USER_NOT_FOUND', 'Utilisateur introuvable.'),
  userChanged: () => conflict('USER_CHANGED', "Ce compte vient d'être modifié. Rechargez la liste et réessayez."),
  cannotDisableSelf: () => forbidden('CANNOT_DISABLE_SELF', 'Vous ne pouvez pas désactiver votre propre compte.'),
  roleAbove: (role: Role) =>
    role === 'super_admin'
      ? forbidden('SUPER_ADMIN_PROTECTED', "Seul un super administrateur peut désactiver, modifier ou supprimer un super administrateur.")
      : forbidden('ROLE_ABOVE_YOURS', `Ce compte (${accountTypeLabel(role)}) a un rôle supérieur au vôtre : vous ne pouvez ni le désactiver, ni le modifier, ni le supprimer.`),
  cannotResetOwnPassword: () =>
    forbidden('CANNOT_RESET_OWN_PASSWORD', 'Pour votre propre compte, changez votre mot de passe dans Mon Profil.'),
  cannotDeleteSelf: () => forbidden('CANNOT_DELETE_SELF', 'Vous ne pouvez pas supprimer votre propre compte.'),
  staffNotDeletable: () =>
    forbidden('STAFF_NOT_DELETABLE', 'Les comptes administrateur, support et super administrateur ne peuvent pas être supprimés.'),
  cashAnswerNeeded: () =>
    badRequest('CASH_ANSWER_NEEDED', 'Course payée en espèces : indiquez si le livreur a encaissé le montant (cash_collected=true ou false).'),
  courseClosed: (status: CourseStatus) =>
    conflict('COURSE_CLOSED', `Cette course est déjà « ${COURSE_STATUS_LABELS[status]} » : son statut ne peut plus changer.`),
};
