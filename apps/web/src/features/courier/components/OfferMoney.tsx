import { cashToCollectText, tripText } from '@coursa/domain';

/**
 * What a course means for the courier's pocket and road (issue 34): « Encaisser 26 000 GNF » on a cash course (the
 * cash the client hands over, after the promo discount), « Payée en ligne » otherwise, and the trip's length.
 */
export function OfferMoney({ cash, tripKm }: { cash?: number | null; tripKm?: number }) {
  if (cash === undefined && tripKm === undefined) return null;
  const parts = [cash === undefined ? null : cash === null ? 'Payée en ligne' : cashToCollectText(cash), tripKm === undefined ? null : tripText(tripKm)];
  return (
    <p className={`offer__money${cash ? ' offer__money--cash' : ''}`} data-testid="offer-money">
      {cash ? '💵 ' : ''}
      {parts.filter(Boolean).join(' · ')}
    </p>
  );
}
