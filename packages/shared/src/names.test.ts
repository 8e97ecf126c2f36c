import { describe, expect, it } from 'vitest';
import { NAME_MESSAGES, nameSchema, oneLineName } from './names';

const schema = nameSchema({ max: 20, required: 'Required.', tooLong: 'Too long.' });
const refusal = (name: unknown) => {
  const result = schema.safeParse(name);
  return result.success ? null : result.error.issues[0]?.message;
};

describe('nameSchema', () => {
  it.each([
    ['a line feed', 'Ada\nLovelace'],
    ['a carriage return', 'Ada\rBcc: x@y.z'],
    ['NUL', 'Ada\u0000'],
    ['a right-to-left override', 'Ada\u202egnp.exe'],
    ['a first-strong isolate', 'Ada\u2068x'],
    ['a tab', 'Ada\tL'],
    ['a line separator', 'Ada\u2028L'],
    ['a C1 control', 'Ada\u0085'],
  ])('refuses %s', (_label, name) => {
    expect(refusal(name)).toBe(NAME_MESSAGES.invalidCharacters);
  });

  it('refuses a web address, and keeps the length and required messages', () => {
    expect(refusal('see https://x.test')).toBe(NAME_MESSAGES.webAddress);
    expect(refusal('www.example.com')).toBe(NAME_MESSAGES.webAddress);
    expect(refusal('   ')).toBe('Required.');
    expect(refusal('x'.repeat(21))).toBe('Too long.');
  });

  it('says only "too long" of a name over the limit, whatever it holds', () => {
    const result = schema.safeParse(`see https://x.test\n${'x'.repeat(300_000)}`);
    expect(result.success ? [] : result.error.issues.map((issue) => issue.message)).toEqual(['Too long.']);
  });

  it('finds a web address in a long text in linear time (300,000 letters took minutes)', () => {
    const long = nameSchema({ max: 1_000_000, required: 'Required.', tooLong: 'Too long.' });
    expect(long.safeParse('x'.repeat(300_000)).success).toBe(true);
    expect(long.safeParse(`${'1'.repeat(300_000)}://`).success).toBe(true);
    const issues = long.safeParse(`${'x'.repeat(300_000)}1a+b.c-d://`);
    expect(issues.success ? [] : issues.error.issues.map((issue) => issue.message)).toEqual([
      NAME_MESSAGES.webAddress,
    ]);
  });

  it('accepts names in any script, emoji sequences and joiners', () => {
    for (const name of ['Ada Lovelace', 'Zoë O’Brien', 'محمد علی', 'Family 👨‍👩‍👧', 'می‌خواهم', 'acme.io']) {
      expect({ name, refused: refusal(name) }).toEqual({ name, refused: null });
    }
  });
});

describe('oneLineName', () => {
  it('turns a stored name into one line of inert text', () => {
    expect(oneLineName('Eve\r\nBcc: all@example.com\n\nhttps://evil.test')).toBe(
      'Eve Bcc: all@example.com https[:]//evil.test',
    );
    expect(oneLineName('Ada\u202egnp.exe  www.evil.test')).toBe('Ada gnp.exe www[.]evil.test');
    expect(oneLineName('x'.repeat(200), 10)).toBe(`${'x'.repeat(9)}…`);
    // Cut by code point, never inside a surrogate pair.
    expect(oneLineName('👨‍👩‍👧'.repeat(3), 4)).toBe('👨\u200d👩…');
  });
});
