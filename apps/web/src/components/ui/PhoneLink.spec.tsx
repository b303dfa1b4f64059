/** @jest-environment jsdom */
import { afterEach, describe, expect, it } from '@jest/globals';
import { cleanup, render, screen } from '@testing-library/react';
import { PhoneLink } from './PhoneLink';

describe('PhoneLink', () => {
  afterEach(cleanup);

  it('calls the number in E.164 on a tap, shown as people write it, named after who answers', () => {
    render(<PhoneLink phone="+224620000003" who="le destinataire" />);
    const link = screen.getByRole('link', { name: 'Appeler le destinataire : +224 620 00 00 03' });
    expect(link.getAttribute('href')).toBe('tel:+224620000003');
    expect(link.textContent).toContain('+224 620 00 00 03');
  });

  it('keeps only the digits and the plus in the link', () => {
    render(<PhoneLink phone="+224 620 00 00 03" />);
    expect(screen.getByRole('link').getAttribute('href')).toBe('tel:+224620000003');
  });
});
