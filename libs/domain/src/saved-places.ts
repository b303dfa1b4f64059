/** « Mes adresses » (issue 39): the rules of a client's saved places. */

/** « Maison », « Bureau », « Chez Tantie Fatou »…: a short name that fits a chip on a phone. */
export const SAVED_PLACE_LABEL_MAX = 40;
/** How many places one client keeps: enough for home, work and family, few enough to choose from at a glance. */
export const SAVED_PLACES_MAX = 20;

/**
 * What makes two labels the same for one client: case, accents' case and spaces aside (« maison » and « Maison  »
 * are one place), so that the order form's chooser never shows two « Maison ».
 */
export function savedPlaceLabelKey(label: string): string {
  return label.trim().replace(/\s+/g, ' ').toLocaleLowerCase('fr');
}

export const SAVED_PLACE_MESSAGES = {
  limit: `Vous avez déjà ${SAVED_PLACES_MAX} adresses enregistrées : supprimez-en une avant d’en ajouter une autre.`,
  duplicateLabel: (label: string) => `Vous avez déjà une adresse nommée « ${label} » : choisissez un autre nom.`,
  notFound: 'Adresse enregistrée introuvable.',
} as const;
