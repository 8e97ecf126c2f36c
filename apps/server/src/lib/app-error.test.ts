import { STREAMING_MESSAGES } from '@relaycast/shared/streaming/messages';
import { describe, expect, it } from 'vitest';
import { AppError, ValidationError } from './app-error';

describe('AppError', () => {
  it('takes its status and user message from the registry', () => {
    const error = new AppError('STREAM_ALREADY_LIVE');
    expect([error.code, error.statusCode, error.message]).toEqual([
      'STREAM_ALREADY_LIVE',
      409,
      STREAMING_MESSAGES.alreadyLive,
    ]);
  });

  it('fills a template, or takes a more specific message and headers', () => {
    expect(new AppError('SCENE_LIMIT', { values: [3] }).message).toBe(STREAMING_MESSAGES.sceneLimit(3));
    const specific = new AppError('NOT_FOUND', { message: 'That post is gone.', headers: { 'x-a': '1' } });
    expect([specific.statusCode, specific.message, specific.headers]).toEqual([
      404,
      'That post is gone.',
      { 'x-a': '1' },
    ]);
  });

  it('answers with another status only when the registry lists it for the code', () => {
    expect(new AppError('PLATFORM_FAILED', { values: ['X', 'down'], status: 502 }).statusCode).toBe(502);
    // @ts-expect-error: 418 is not a status of NOT_FOUND
    expect(() => new AppError('NOT_FOUND', { status: 418 })).toThrow(/NOT_FOUND is not answered with 418/);
  });

  it('keeps the first issue as the message of a validation error', () => {
    const error = new ValidationError([{ path: 'text', message: 'Too long.' }]);
    expect([error.code, error.statusCode, error.message]).toEqual(['VALIDATION_ERROR', 400, 'Too long.']);
  });
});
