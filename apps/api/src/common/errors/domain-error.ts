/**
 * A refusal the user should understand: a machine code, a French message and the HTTP status it maps to.
 * Services throw these; the global filter turns them into `{detail, code}`.
 */
export class DomainError extends Error {
  constructor(
    readonly code: string,
    readonly detail: string,
    readonly status: number,
    readonly headers: Record<string, string> = {},
  ) {
    super(`${code}: ${detail}`);
  }
}

export const badRequest = (code: string, detail: string) => new DomainError(code, detail, 400);
export const unauthorized = (code: string, detail: string) => new DomainError(code, detail, 401);
export const forbidden = (code: string, detail: string) => new DomainError(code, detail, 403);
export const notFound = (code: string, detail: string) => new DomainError(code, detail, 404);
export const conflict = (code: string, detail: string) => new DomainError(code, detail, 409);
export const unprocessable = (code: string, detail: string) => new DomainError(code, detail, 422);
export const serviceUnavailable = (code: string, detail: string) => new DomainError(code, detail, 503);

export const COMMON_MESSAGES = {
  unauthenticated: 'Authentification requise. Veuillez vous connecter.',
  sessionExpired: 'Session expirée - veuillez vous reconnecter',
  forbidden: "Vous n'avez pas les droits pour effectuer cette action.",
  notFound: 'Ressource introuvable.',
  routeNotFound: "Cette adresse n'existe pas.",
  conflict: 'Conflit : cette ressource existe déjà.',
  internal: 'Une erreur interne est survenue. Réessayez plus tard.',
  unavailable: 'Service momentanément indisponible. Réessayez dans un instant.',
  invalidJson: 'Le corps de la requête doit être un JSON valide.',
  bodyTooLarge: 'Requête trop volumineuse.',
  unsupportedMediaType: 'Type de contenu non pris en charge.',
  tooManyRequests: 'Trop de tentatives. Réessayez dans quelques minutes.',
  headersTooLarge: "L'adresse ou les en-têtes de la requête sont trop longs.",
  uriTooLong: "L'adresse de la requête est trop longue.",
  badUrl: "L'adresse de la requête n'est pas valide.",
  requestTimeout: 'La requête a mis trop de temps à arriver.',
  badRequest: 'Requête invalide.',
} as const;
