/** « Utiliser ma position » (issue 37): the phone's GPS fills the pickup, with how precise it is. */
export interface FoundPosition {
  latitude: number;
  longitude: number;
  /** Metres, as the phone reports it (95 % confidence radius). */
  accuracy: number;
}

export const MY_POSITION_MESSAGES = {
  searching: 'Recherche de votre position…',
  unsupported: "Ce navigateur ne donne pas la position : touchez la carte ou saisissez l'adresse.",
  denied: 'Position refusée : autorisez la localisation pour Coursa, ou touchez la carte.',
  unavailable: "Position introuvable pour le moment : touchez la carte ou saisissez l'adresse.",
} as const;

/** « Position trouvée, précision ± 12 m » (± 1,2 km past a kilometre). */
export function accuracyText(accuracy: number): string {
  const precision = accuracy < 1000 ? `${Math.max(1, Math.round(accuracy))} m` : `${(accuracy / 1000).toLocaleString('fr-FR', { maximumFractionDigits: 1 })} km`;
  return `Position trouvée, précision ± ${precision}`;
}

/** One fresh fix from the phone; rejects with the French message to show. */
export function findMyPosition(geolocation: Geolocation | undefined): Promise<FoundPosition> {
  if (!geolocation) return Promise.reject(new Error(MY_POSITION_MESSAGES.unsupported));
  return new Promise((resolve, reject) =>
    geolocation.getCurrentPosition(
      ({ coords }) => resolve({ latitude: coords.latitude, longitude: coords.longitude, accuracy: coords.accuracy }),
      (error) => reject(new Error(error.code === error.PERMISSION_DENIED ? MY_POSITION_MESSAGES.denied : MY_POSITION_MESSAGES.unavailable)),
      { enableHighAccuracy: true, timeout: 15_000, maximumAge: 30_000 },
    ),
  );
}
