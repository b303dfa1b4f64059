import { describe, expect, it } from '@jest/globals';
import { parseCourseNumber } from './courses.js';
import { parseUserNumber, userNumber } from './roles.js';
import { searchTerms } from './search.js';

describe('search terms', () => {
  it('reads a phone written in any of the ways people write it', () => {
    for (const written of ['622 12 34 56', '622123456', '+224622123456', '+224 622 12 34 56', '00224 622-12-34-56', '  622.12.34.56 ']) {
      expect({ written, phone: searchTerms(written).phone }).toEqual({ written, phone: '+224622123456' });
    }
    expect(searchTerms('12 34 56').phone).toBeNull();
    expect(searchTerms('Mamadou').phone).toBeNull();
  });

  it('reads a course number with or without its prefix and zeros', () => {
    for (const written of ['CRS-000123', 'crs-000123', 'CRS 123', 'CRS123', '000123', '123']) {
      expect({ written, n: searchTerms(written).courseNumber }).toEqual({ written, n: 123 });
    }
    for (const written of ['CRS-', '0', '000000', 'CRS-12a', '1234567890', 'USR-000123', 'Rue 123']) {
      expect({ written, n: parseCourseNumber(written) }).toEqual({ written, n: null });
    }
  });

  it('reads an account number only with its USR prefix, as the list shows it', () => {
    expect(userNumber(42)).toBe('USR-000042');
    expect(searchTerms('USR-000042').userNumber).toBe(42);
    expect(parseUserNumber(userNumber(1_234_567))).toBe(1_234_567);
    expect(searchTerms('000042').userNumber).toBeNull();
    expect(parseUserNumber('USR-000000')).toBeNull();
  });

  it('keeps the text itself, trimmed, its spaces folded, for names, addresses and e-mails', () => {
    expect(searchTerms('  Mamadou   Baldé ')).toEqual({ text: 'Mamadou Baldé', phone: null, courseNumber: null, userNumber: null });
    // A nine-digit mobile is also a possible course number: both are looked for.
    expect(searchTerms('622123456')).toEqual({ text: '622123456', phone: '+224622123456', courseNumber: 622_123_456, userNumber: null });
  });
});
