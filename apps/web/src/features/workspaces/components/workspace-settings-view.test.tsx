import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { PostAttribution } from '@/components/post-attribution';
import { type ApiFake, fakeApi } from '@/test/api.fake';
import { renderWithProviders } from '@/test/render';
import { WorkspaceSettingsView } from './workspace-settings-view';

vi.mock('@/lib/show-error', () => ({
  toastOutcome: async (action: Promise<unknown>) => action.then(() => true),
}));

function fakeServer(role: string): ApiFake {
  return fakeApi({
    'GET /api/workspaces/current': { id: 'w1', name: 'Acme Brand', role },
    'GET /api/workspaces/current/logo': { logo: null },
    'PUT /api/workspaces/current/logo': (call) => Response.json(call.body),
    '*': new Response(null, { status: 204 }),
  });
}

function renderView() {
  renderWithProviders(<WorkspaceSettingsView />);
}

describe('Settings → Workspace', () => {
  it('deletes only once the exact name is typed, sending it as the confirmation', async () => {
    const api = fakeServer('owner');
    renderView();
    await userEvent.click(await screen.findByRole('button', { name: 'Delete workspace' }));
    const dialog = screen.getByRole('dialog', { name: 'Delete Acme Brand?' });
    const field = dialog.querySelector('input') as HTMLInputElement;
    const submit = [...dialog.querySelectorAll('button')].find((b) => b.textContent === 'Delete workspace')!;
    await userEvent.type(field, 'acme brand');
    expect(submit.disabled).toBe(true);
    await userEvent.clear(field);
    await userEvent.type(field, 'Acme Brand');
    expect(submit.disabled).toBe(false);
    await userEvent.click(submit);
    await waitFor(() =>
      expect(api.calls).toContainEqual({
        url: '/api/workspaces/current',
        method: 'DELETE',
        body: { name: 'Acme Brand' },
      }),
    );
  });

  it('renames with the new name, and shows no danger zone to an admin', async () => {
    const api = fakeServer('admin');
    renderView();
    const name = await screen.findByLabelText('Name');
    expect(screen.queryByRole('button', { name: 'Delete workspace' })).toBeNull();
    await userEvent.clear(name);
    await userEvent.type(name, 'Acme Global');
    await userEvent.click(screen.getByRole('button', { name: 'Rename' }));
    await waitFor(() =>
      expect(api.calls).toContainEqual({
        url: '/api/workspaces/current',
        method: 'PATCH',
        body: { name: 'Acme Global' },
      }),
    );
  });

  it('keeps the name read-only for a viewer, and offers no logo upload', async () => {
    fakeServer('viewer');
    renderView();
    expect((await screen.findByLabelText<HTMLInputElement>('Name')).disabled).toBe(true);
    expect(screen.queryByRole('button', { name: 'Rename' })).toBeNull();
    expect(await screen.findByText('Only an owner or admin can change the logo.')).toBeDefined();
    expect(screen.queryByRole('button', { name: 'Upload logo' })).toBeNull();
  });

  it('uploads a logo as a data: URL and shows it, and refuses an SVG before sending it', async () => {
    const api = fakeServer('admin');
    renderView();
    const file = await screen.findByLabelText<HTMLInputElement>('Logo file');
    await userEvent.upload(file, new File(['<svg/>'], 'logo.svg', { type: 'image/svg+xml' }), {
      applyAccept: false,
    });
    expect(api.callsTo('PUT /api/workspaces/current/logo')).toHaveLength(0);
    const png = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
    await userEvent.upload(file, new File([png], 'logo.png', { type: 'image/png' }));
    await waitFor(() =>
      expect(api.callsTo('PUT /api/workspaces/current/logo')[0]?.body).toEqual({
        logo: 'data:image/png;base64,iVBORw0KGgo=',
      }),
    );
    expect(((await screen.findByAltText('Workspace logo')) as HTMLImageElement).src).toContain(
      'data:image/png',
    );
    expect(screen.getByRole('button', { name: 'Remove logo' })).toBeDefined();
  });
});

describe('PostAttribution', () => {
  it('names who created and who last changed a post, and shows nothing for old rows', () => {
    const { rerender, container } = render(
      <PostAttribution post={{ createdByName: 'Olga', updatedByName: 'Eddie' }} />,
    );
    expect(screen.getByTestId('post-attribution').textContent).toBe(
      'Created by Olga · Last changed by Eddie',
    );
    rerender(<PostAttribution post={{ createdByName: 'Olga', updatedByName: null }} />);
    expect(screen.getByTestId('post-attribution').textContent).toBe('Created by Olga');
    rerender(<PostAttribution post={{ createdByName: null, updatedByName: null }} />);
    expect(container.innerHTML).toBe('');
  });
});
