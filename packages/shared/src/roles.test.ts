import { describe, expect, it } from 'vitest';
import {
  canRemove,
  forbiddenMessage,
  normalizeRole,
  PERMISSIONS,
  permissionToRemove,
  ROLES,
  roleCan,
  rolesWith,
} from './roles';

describe('the role table', () => {
  it('gives the owner everything and each lower role a subset of the one above', () => {
    for (const permission of PERMISSIONS) expect(roleCan('owner', permission)).toBe(true);
    for (let i = 1; i < ROLES.length; i++) {
      for (const permission of PERMISSIONS) {
        if (roleCan(ROLES[i]!, permission)) expect(roleCan(ROLES[i - 1]!, permission)).toBe(true);
      }
    }
  });

  it('keeps what the issue names out of a contributor’s and a viewer’s reach', () => {
    expect(rolesWith('publish')).toEqual(['owner', 'admin', 'editor']);
    expect(rolesWith('stream')).toEqual(['owner', 'admin', 'editor']);
    expect(rolesWith('manageMembers')).toEqual(['owner', 'admin']);
    expect(rolesWith('billing')).toEqual(['owner']);
    expect(roleCan('contributor', 'write')).toBe(true);
    expect(roleCan('viewer', 'write')).toBe(false);
  });

  it('reads the legacy `member` role as editor and an unknown role as nothing but self', () => {
    expect(normalizeRole('member')).toBe('editor');
    expect(roleCan('member', 'publish')).toBe(true);
    expect(roleCan('member', 'manageMembers')).toBe(false);
    expect(normalizeRole('stranger')).toBeNull();
    expect(roleCan('stranger', 'view')).toBe(false);
    expect(roleCan('stranger', 'self')).toBe(true);
  });

  it('words a refusal with the role and what it may not do', () => {
    expect(forbiddenMessage('viewer', 'write')).toBe(
      'Your role (Viewer) cannot do this: write drafts and upload media. Ask a workspace owner or admin.',
    );
  });

  it('lets `write` remove only the caller’s own drafts and uploads; anything else needs `publish`', () => {
    expect(permissionToRemove({ kind: 'post', isOwn: true, status: 'draft' })).toBe('write');
    expect(permissionToRemove({ kind: 'post', isOwn: true, status: 'rejected' })).toBe('write');
    for (const status of ['scheduled', 'awaiting_approval', 'publishing', 'published', 'failed'] as const) {
      expect(permissionToRemove({ kind: 'post', isOwn: true, status })).toBe('publish');
    }
    expect(permissionToRemove({ kind: 'post', isOwn: false, status: 'draft' })).toBe('publish');
    expect(permissionToRemove({ kind: 'media', isOwn: true })).toBe('write');
    expect(permissionToRemove({ kind: 'media', isOwn: false })).toBe('publish');
    expect(canRemove('contributor', { kind: 'post', isOwn: false, status: 'scheduled' })).toBe(false);
    expect(canRemove('editor', { kind: 'post', isOwn: false, status: 'scheduled' })).toBe(true);
    expect(canRemove('viewer', { kind: 'media', isOwn: true })).toBe(false);
  });
});
