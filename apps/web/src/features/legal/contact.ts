/** Address given in the legal texts for questions and data requests. */
export const CONTACT_EMAIL = 'contact@coursa.gn';
