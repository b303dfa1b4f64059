import { describe, expect, it } from '@jest/globals';
import { notFound } from '../errors/domain-error.js';
import { isUuid, ParamMatching, UuidParam } from './params.js';

const unknownCourse = () => notFound('COURSE_NOT_FOUND', 'Course introuvable.');

describe('UuidParam', () => {
  const pipe = UuidParam(unknownCourse);

  it('lets a UUID through', () => {
    expect(pipe.transform('7d444840-9dc0-11d1-b245-5ffdce74fad2')).toBe('7d444840-9dc0-11d1-b245-5ffdce74fad2');
  });

  it("answers anything else with the route's own 404, near-UUIDs PostgreSQL would refuse included", () => {
    for (const id of ['------------------------------------', '0123456789abcdef0123456789abcdef0123', 'abc', '', '../x', '{7d444840-9dc0-11d1-b245-5ffdce74fad2}']) {
      expect(() => pipe.transform(id)).toThrow(expect.objectContaining({ status: 404, code: 'COURSE_NOT_FOUND' }));
      expect(isUuid(id)).toBe(false);
    }
  });

  it('refuses a NUL character with a 400', () => {
    expect(() => pipe.transform('a\u0000b')).toThrow(expect.objectContaining({ status: 400, code: 'VALIDATION_ERROR' }));
  });
});

describe('ParamMatching', () => {
  it('answers a key without the expected form with the 404', () => {
    const pipe = ParamMatching(/^COURSE_\d{10,16}$/, unknownCourse);
    expect(pipe.transform('COURSE_1795412799746')).toBe('COURSE_1795412799746');
    expect(() => pipe.transform('COURSE_1')).toThrow(expect.objectContaining({ status: 404 }));
  });
});
