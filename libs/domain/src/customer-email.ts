/** The domain of the addresses made up for clients without an email. */
const FALLBACK_EMAIL_DOMAIN = 'client.coursa.gn';

/**
 * The email payment providers get for a client (they all want one): theirs, or one made from their phone (spec §7),
 * or from their account id when no phone is known. The web and the API compute it with this one rule.
 */
export function customerEmail(email: string | null | undefined, phoneOrId: string): string {
  return email || `${phoneOrId.replace(/[^\da-z-]/gi, '')}@${FALLBACK_EMAIL_DOMAIN}`;
}
