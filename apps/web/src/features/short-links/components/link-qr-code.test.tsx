import type { ShortLink } from '@relaycast/shared/short-links';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import * as QrLibrary from 'qrcode.react';
import { type ComponentProps, createElement } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeApi } from '@/test/api.fake';
import { renderWithProviders } from '@/test/render';
import * as qrImage from '../qr-image';
import { ShortLinksView } from './short-links-view';

vi.mock('qrcode.react', async (original) => {
  const real = await original<typeof import('qrcode.react')>();
  // The library's component is a forwardRef object: wrapped to see the value it is given.
  return {
    ...real,
    QRCodeSVG: vi.fn((props: ComponentProps<typeof real.QRCodeSVG>) => createElement(real.QRCodeSVG, props)),
  };
});

// jsdom has no canvas: the PNG is the drawn SVG painted on one, stood in for here.
vi.mock('../qr-image', async (original) => {
  const real = await original<typeof import('../qr-image')>();
  return {
    ...real,
    pngOf: vi.fn(async () => new Blob(['png'], { type: 'image/png' })),
    downloadFile: vi.fn(),
  };
});

const LINK: ShortLink = {
  id: 'l1',
  code: 'Spring_Sale',
  shortUrl: 'https://rcst.link/Spring_Sale',
  target: 'https://example.com/article',
  postId: null,
  platform: null,
  disabled: false,
  clicks: 0,
  crawlerHits: 0,
  visitors: 0,
  countries: [],
  createdBy: 'u1',
  createdAt: new Date().toISOString(),
  updatedAt: new Date().toISOString(),
};

afterEach(() => vi.clearAllMocks());

describe('a short link’s QR code', () => {
  it('encodes the short URL and downloads it as SVG and PNG named after the code', async () => {
    fakeApi({
      'GET /api/workspaces/current': { id: 'w1', name: 'Acme', role: 'viewer' },
      'GET /api/short-links': { links: [LINK] },
    });
    renderWithProviders(<ShortLinksView />, { route: '/links' });
    await userEvent.click(await screen.findByRole('button', { name: 'QR code' }));
    const dialog = await screen.findByRole('dialog');
    expect(vi.mocked(QrLibrary.QRCodeSVG).mock.calls.at(-1)?.[0]).toMatchObject({ value: LINK.shortUrl });
    const svg = within(dialog).getByRole('img', { name: `QR code for ${LINK.shortUrl}` });
    expect(svg.querySelectorAll('path').length).toBeGreaterThan(0);

    await userEvent.click(within(dialog).getByRole('button', { name: 'Download SVG' }));
    const [svgBlob, svgName] = vi.mocked(qrImage.downloadFile).mock.calls[0] ?? [];
    expect(svgName).toBe('qr-Spring_Sale.svg');
    expect(svgBlob?.type).toBe('image/svg+xml');
    const file = await svgBlob?.text();
    expect(file).toContain('xmlns="http://www.w3.org/2000/svg"');
    expect(file).toMatch(/<path[^>]+d="M/);

    await userEvent.click(within(dialog).getByRole('button', { name: 'Download PNG' }));
    await waitFor(() => expect(qrImage.downloadFile).toHaveBeenCalledTimes(2));
    expect(vi.mocked(qrImage.pngOf).mock.calls[0]?.[0]).toBe(file);
    expect(vi.mocked(qrImage.downloadFile).mock.calls[1]?.[1]).toBe('qr-Spring_Sale.png');
  });
});
