import { render, renderHook, screen } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { RoleGate, useCanRemove } from './role-gate';

const workspace = vi.hoisted(() => ({
  current: { role: 'owner' } as { role: string; userId?: string } | undefined,
}));
vi.mock('@/api/usage', () => ({ useCurrentWorkspace: () => ({ data: workspace.current }) }));

describe('RoleGate', () => {
  beforeEach(() => {
    workspace.current = { role: 'owner' };
  });

  it('shows the page to a role the table allows', () => {
    workspace.current = { role: 'editor' };
    render(
      <RoleGate permission="stream">
        <p>Studio</p>
      </RoleGate>,
    );
    expect(screen.getByText('Studio')).toBeTruthy();
    expect(screen.queryByTestId('role-gate')).toBeNull();
  });

  it('mounts nothing while the role is unknown, so the page asks the server for nothing it may refuse', () => {
    workspace.current = undefined;
    render(
      <RoleGate permission="stream">
        <p>Studio</p>
      </RoleGate>,
    );
    expect(screen.queryByText('Studio')).toBeNull();
    expect(screen.queryByTestId('role-gate')).toBeNull();
  });

  it('tells a contributor why, in the server’s words, instead of showing stream keys', () => {
    workspace.current = { role: 'contributor' };
    render(
      <RoleGate permission="stream">
        <p>Studio</p>
      </RoleGate>,
    );
    expect(screen.queryByText('Studio')).toBeNull();
    expect(screen.getByTestId('role-gate').textContent).toBe(
      'Your role (Contributor) cannot do this: go live and manage stream destinations and keys. Ask a workspace owner or admin.',
    );
  });
});

describe('useCanRemove (docs/decisions/0059-removing-others-work.md)', () => {
  const can = (thing: Parameters<typeof useCanRemove>[0]) =>
    renderHook(() => useCanRemove(thing)).result.current;

  it('offers a contributor Delete on their own drafts and uploads only', () => {
    workspace.current = { role: 'contributor', userId: 'me' };
    expect(can({ kind: 'post', ownerId: 'me', status: 'draft' })).toBe(true);
    expect(can({ kind: 'post', ownerId: 'me', status: 'scheduled' })).toBe(false);
    expect(can({ kind: 'post', ownerId: 'owner', status: 'draft' })).toBe(false);
    expect(can({ kind: 'post', ownerId: null, status: 'draft' })).toBe(false);
    expect(can({ kind: 'media', ownerId: 'me' })).toBe(true);
    expect(can({ kind: 'media', ownerId: 'owner' })).toBe(false);
  });

  it('offers an editor Delete on anyone’s work, and a viewer on nothing', () => {
    workspace.current = { role: 'editor', userId: 'me' };
    expect(can({ kind: 'post', ownerId: 'owner', status: 'scheduled' })).toBe(true);
    expect(can({ kind: 'media', ownerId: 'owner' })).toBe(true);
    workspace.current = { role: 'viewer', userId: 'me' };
    expect(can({ kind: 'post', ownerId: 'me', status: 'draft' })).toBe(false);
  });
});
