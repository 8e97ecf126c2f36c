import { describe, expect, it } from 'vitest';
import { API_KEY_MESSAGES, createApiKeySchema, looksLikeApiKey, scopeAllows } from './public-api';

describe('API keys', () => {
  it('reads need read, every other method needs write', () => {
    expect(scopeAllows(['read'], 'GET')).toBe(true);
    expect(scopeAllows(['read'], 'HEAD')).toBe(true);
    for (const method of ['POST', 'PUT', 'PATCH', 'DELETE']) {
      expect(scopeAllows(['read'], method)).toBe(false);
      expect(scopeAllows(['read', 'write'], method)).toBe(true);
    }
    expect(scopeAllows([], 'GET')).toBe(false);
  });

  it('recognises only our key shape', () => {
    expect(looksLikeApiKey(`rc_${'a'.repeat(43)}`)).toBe(true);
    expect(looksLikeApiKey(`rc_${'a'.repeat(42)}`)).toBe(false);
    expect(looksLikeApiKey(`xx_${'a'.repeat(43)}`)).toBe(false);
    expect(looksLikeApiKey(`rc_${'a'.repeat(42)}\u0000`)).toBe(false);
  });

  it('trims the name, wants a scope and makes write imply read', () => {
    expect(createApiKeySchema.parse({ name: '  CMS ', scopes: ['write'] })).toEqual({
      name: 'CMS',
      scopes: ['read', 'write'],
    });
    expect(createApiKeySchema.parse({ name: 'CLI', scopes: ['read', 'read'] }).scopes).toEqual(['read']);
    const issues = (input: unknown) =>
      createApiKeySchema.safeParse(input).error?.issues.map((i) => i.message);
    expect(issues({ name: '', scopes: ['read'] })).toEqual([API_KEY_MESSAGES.nameRequired]);
    expect(issues({ name: 'x'.repeat(61), scopes: ['read'] })).toEqual([API_KEY_MESSAGES.nameTooLong]);
    expect(issues({ name: 'x', scopes: [] })).toEqual([API_KEY_MESSAGES.scopeRequired]);
    expect(issues({ name: 'x' })).toEqual([API_KEY_MESSAGES.scopeRequired]);
  });
});
