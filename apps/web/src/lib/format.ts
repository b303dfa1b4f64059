const dateFormat = new Intl.DateTimeFormat('fr-FR', { day: 'numeric', month: 'long', year: 'numeric' });
const dateTimeFormat = new Intl.DateTimeFormat('fr-FR', { dateStyle: 'short', timeStyle: 'short' });
const numberFormat = new Intl.NumberFormat('fr-FR');

export const formatDate = (iso: string) => dateFormat.format(new Date(iso));
/** Date and time, fr-FR (e.g. 22/11/2026 08:40). */
export const formatDateTime = (iso: string) => dateTimeFormat.format(new Date(iso));
export const formatNumber = (value: number) => numberFormat.format(value);

/** A Guinean mobile in E.164 as people write it: +224 6XX XX XX XX; anything else unchanged. */
export const formatPhone = (phone: string) =>
  phone.replace(/^\+224(\d{3})(\d{2})(\d{2})(\d{2})$/, '+224 $1 $2 $3 $4');
