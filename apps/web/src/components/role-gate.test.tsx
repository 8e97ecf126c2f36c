import { render, screen } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { RoleGate } from './role-gate';

const workspace = vi.hoisted(() => ({ current: { role: 'owner' } as { role: string } | undefined }));
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
