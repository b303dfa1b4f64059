/** @jest-environment jsdom */
import { afterEach, describe, expect, it } from '@jest/globals';
import { cleanup, render, screen } from '@testing-library/react';
import { OfferMoney } from './OfferMoney';

/** The French grouping space of amounts (a narrow no-break space) read as a plain one. */
const text = () => screen.getByTestId('offer-money').textContent!.replace(/\s/g, ' ');

describe('OfferMoney (issue 34)', () => {
  afterEach(cleanup);

  it('tells the courier the cash to collect on a cash course, with the trip', () => {
    render(<OfferMoney cash={26_000} tripKm={7.4} />);
    expect(text()).toBe('💵 Encaisser 26 000 GNF · Trajet : 7,4 km');
  });

  it('says a course is paid online, and shows nothing when a live offer says neither', () => {
    render(<OfferMoney cash={null} tripKm={0.4} />);
    expect(text()).toBe('Payée en ligne · Trajet : 400 m');
    cleanup();
    const { container } = render(<OfferMoney />);
    expect(container.textContent).toBe('');
  });
});
