import type { AdminNodes as AdminNodesData } from '@relaycast/shared/nodes';
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { apiError, fakeApi } from '@/test/api.fake';
import { renderWithProviders } from '@/test/render';
import { AdminNodes } from './admin-nodes';

const NODES: AdminNodesData = {
  nodes: [
    {
      id: 'n1',
      role: 'api',
      hostname: 'web-1',
      pid: 101,
      version: '0.1.0 (0043_nodes)',
      mediaStore: 's3:relaycast-media',
      startedAt: '2026-11-26T08:00:00.000Z',
      lastSeenAt: '2026-11-26T10:00:00.000Z',
      live: true,
      self: true,
      streaming: true,
      streams: 2,
    },
    {
      id: 'n2',
      role: 'worker',
      hostname: 'worker-1',
      pid: 202,
      version: '0.1.0 (0043_nodes)',
      mediaStore: 's3:relaycast-media',
      startedAt: '2026-11-26T08:00:00.000Z',
      lastSeenAt: '2026-11-26T09:00:00.000Z',
      live: false,
      self: false,
      streaming: false,
      streams: 0,
    },
  ],
  queues: [{ queue: 'publish-target', waiting: 3, running: 1 }],
};

describe('AdminNodes', () => {
  it('shows each node with its role and health, which answered, and the queues', async () => {
    fakeApi({ 'GET /api/admin/nodes': NODES });
    renderWithProviders(<AdminNodes />);
    const rows = await screen.findAllByTestId('admin-node');
    expect(rows).toHaveLength(2);
    const [web, worker] = rows as [HTMLElement, HTMLElement];
    expect(within(web).getByText(/web-1/)).toBeTruthy();
    expect(web.textContent).toContain('answered this page');
    expect(web.textContent).toContain('Web only');
    expect(within(web).getByText('Running')).toBeTruthy();
    expect(web.textContent).toContain('Live streams: 2');
    expect(worker.textContent).not.toContain('Live streams');
    expect(worker.textContent).toContain('Background work');
    expect(worker.textContent).toContain('Not seen since');
    expect(worker.textContent).not.toContain('answered this page');
    const queue = screen.getByTestId('admin-queue');
    expect(queue.textContent).toBe('publish-target31');
  });

  it('says so when the list cannot be loaded', async () => {
    fakeApi({ 'GET /api/admin/nodes': apiError(500, 'Something went wrong.') });
    renderWithProviders(<AdminNodes />);
    expect(await screen.findByRole('alert')).toHaveProperty(
      'textContent',
      'The nodes could not be loaded. Try again later.',
    );
  });
});
