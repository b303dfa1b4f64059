/** @jest-environment jsdom */
import { afterEach, describe, expect, it, jest } from '@jest/globals';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { DeliveredCard } from './DeliveredCard';

describe('DeliveredCard', () => {
  afterEach(cleanup);

  it('says which course was delivered and goes to the next course on a tap', () => {
    const onNext = jest.fn();
    render(<DeliveredCard number="CRS-000317" remaining={1} onNext={onNext} />);
    expect(screen.getByRole('heading', { name: 'Course CRS-000317 livrée' })).toBeTruthy();
    expect(screen.getByText('🎉 Livraison validée avec succès !')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Course suivante' }));
    expect(onNext).toHaveBeenCalledTimes(1);
  });

  it('offers the courses on offer when none is left under way', () => {
    render(<DeliveredCard number={null} remaining={0} onNext={() => undefined} />);
    expect(screen.getByRole('heading', { name: 'Course livrée' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Voir les courses disponibles' })).toBeTruthy();
  });
});
