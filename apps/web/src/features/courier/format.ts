const dateTimeFormat = new Intl.DateTimeFormat('fr-FR', { dateStyle: 'short', timeStyle: 'short' });

/** Date and time, fr-FR (e.g. 22/11/2026 08:40). */
export const formatDateTime = (iso: string) => dateTimeFormat.format(new Date(iso));
