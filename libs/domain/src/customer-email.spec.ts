import { describe, expect, it } from '@jest/globals';
import { customerEmail } from './customer-email.js';

describe('customerEmail', () => {
  it("keeps the client's own email", () => {
    expect(customerEmail('mariama@example.gn', '+224620000001')).toBe('mariama@example.gn');
  });

  it('makes one from the phone when there is none (the web sends it typed, the API stores E.164)', () => {
    expect(customerEmail(null, '+224 620 00 00 01')).toBe('224620000001@client.coursa.gn');
    expect(customerEmail('', '+224620000001')).toBe('224620000001@client.coursa.gn');
  });

  it('makes one from the account id when no phone is known', () => {
    expect(customerEmail(undefined, '5b0c8a9e-1f7e-4a0b-9a57-2f3c4d5e6f70')).toBe('5b0c8a9e-1f7e-4a0b-9a57-2f3c4d5e6f70@client.coursa.gn');
  });
});
