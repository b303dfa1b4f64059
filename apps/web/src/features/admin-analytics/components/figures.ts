import { formatGnf } from '@coursa/domain';
import { formatNumber } from '@/lib/format';

/** Spec: no placeholder figures; a missing value shows as a dash. */
export const NO_VALUE = '—';

export const showNumber = (value: number | null | undefined, suffix = '') =>
  value === null || value === undefined ? NO_VALUE : `${formatNumber(value)}${suffix}`;
export const showGnf = (value: number | null | undefined) => (value === null || value === undefined ? NO_VALUE : formatGnf(value));
export const showPercent = (value: number | null | undefined) => showNumber(value, ' %');
export const showMinutes = (value: number | null | undefined) => showNumber(value, ' min');
