import { formatGnf } from '@coursa/domain';
import { badRequest, notFound } from '../../common/errors/domain-error.js';

/** Refusals of the courier cash table: deposits at the office and corrections. */
export const LedgerErrors = {
  courierNotFound: () => notFound('COURIER_NOT_FOUND', 'Livreur introuvable.'),
  depositAboveHeld: (held: number, onTheirWay = 0) =>
    badRequest(
      'DEPOSIT_ABOVE_HELD',
      onTheirWay > 0
        ? `Ce livreur ne détient que ${formatGnf(held)} d'espèces en plus des ${formatGnf(onTheirWay)} de dépôts mobile money en cours.`
        : `Ce livreur ne détient que ${formatGnf(held)} d'espèces.`,
    ),
  adjustmentBelowZero: (account: 'earnings' | 'cash', left: number) =>
    badRequest(
      'ADJUSTMENT_BELOW_ZERO',
      `Cette correction rendrait ${account === 'cash' ? 'les espèces détenues' : 'les gains dus'} négatifs : au plus ${formatGnf(left)} peuvent être retirés.`,
    ),
};
