/**
 * How far an offered course's pickup is from the courier (issue 24), in French: « à 850 m » under a kilometre (to
 * 50 m), « à 1,2 km » from it (to 100 m).
 */
export function formatDistance(km: number): string {
  const metres = Math.max(50, Math.round((km * 1000) / 50) * 50);
  if (metres < 1000) return `à ${metres} m`;
  return `à ${String(Math.round(km * 10) / 10).replace('.', ',')} km`;
}
