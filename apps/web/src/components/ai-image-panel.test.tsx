import { AI_IMAGE_MESSAGES } from '@relaycast/shared/ai-images';
import type { MediaItem } from '@relaycast/shared/media';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { apiError, fakeApi } from '@/test/api.fake';
import { renderWithProviders } from '@/test/render';
import { AiImagePanel } from './ai-image-panel';

const READY = { isConfigured: true, provider: 'openai', model: 'gpt-image-1', message: null };

const generated: MediaItem = {
  id: 'm1',
  name: 'AI image – A red bicycle.png',
  mimeType: 'image/png',
  kind: 'image',
  sizeBytes: 2048,
  width: 1024,
  height: 1024,
  durationSeconds: null,
  url: '/api/media/m1/file',
  thumbnailUrl: null,
  createdAt: '2030-01-01T00:00:00.000Z',
  generation: { prompt: 'A red bicycle', model: 'gpt-image-1', provider: 'openai', size: '1536x1024' },
};

describe('AiImagePanel', () => {
  it('sends the description and the chosen shape, then hands over the new file', async () => {
    const user = userEvent.setup();
    const api = fakeApi({ 'GET /api/ai/images/status': READY, 'POST /api/ai/images': generated, '*': {} });
    const onGenerated = vi.fn();
    renderWithProviders(<AiImagePanel onGenerated={onGenerated} />);
    const prompt = await screen.findByLabelText('Describe the image');
    await waitFor(() => expect((prompt as HTMLTextAreaElement).disabled).toBe(false));
    await user.type(prompt, 'A red bicycle');
    await user.selectOptions(screen.getByLabelText('Shape'), 'Landscape (3:2)');
    await user.click(screen.getByRole('button', { name: 'Generate image' }));
    await waitFor(() => expect(onGenerated).toHaveBeenCalledWith(generated));
    expect(api.callsTo('POST /api/ai/images')[0]?.body).toEqual({
      prompt: 'A red bicycle',
      size: '1536x1024',
    });
    expect(
      screen.getByText('Made by gpt-image-1; it counts against your AI requests per hour.'),
    ).toBeTruthy();
  });

  it('then crops the new image to a picked platform’s shape, as a new file beside it', async () => {
    const user = userEvent.setup();
    const tall = { ...generated, width: 1024, height: 1536, name: 'sunrise.png' };
    const cropped = { ...tall, id: 'm2', name: 'sunrise (9:16).png', width: 864, height: 1536 };
    const api = fakeApi({
      'GET /api/ai/images/status': READY,
      'POST /api/ai/images': tall,
      'POST /api/media/m1/edits': cropped,
      '*': {},
    });
    const onCropped = vi.fn();
    renderWithProviders(<AiImagePanel platforms={['tiktok', 'instagram']} onCropped={onCropped} />);
    const prompt = await screen.findByLabelText('Describe the image');
    await waitFor(() => expect((prompt as HTMLTextAreaElement).disabled).toBe(false));
    await user.type(prompt, 'A sunrise');
    await user.click(screen.getByRole('button', { name: 'Generate image' }));
    // Instagram's and TikTok's shapes; the image is 2:3, none of them, so all three are offered.
    const crops = await screen.findByRole('group', { name: 'Fit “sunrise.png” to a platform’s shape' });
    expect([...crops.querySelectorAll('button')].map((button) => button.textContent)).toEqual([
      'Crop to 1:1',
      'Crop to 4:5',
      'Crop to 9:16',
    ]);
    await user.click(screen.getByRole('button', { name: 'Crop to 9:16' }));
    await waitFor(() => expect(onCropped).toHaveBeenCalledWith(cropped, tall));
    expect(api.callsTo('POST /api/media/m1/edits')[0]?.body).toMatchObject({
      name: 'sunrise (9:16).png',
      recipe: { crop: { x: 80, y: 0, width: 864, height: 1536 }, rotate: 0, resize: null },
    });
  });

  it('asks for a description before sending anything', async () => {
    const user = userEvent.setup();
    const api = fakeApi({ 'GET /api/ai/images/status': READY });
    renderWithProviders(<AiImagePanel />);
    const prompt = await screen.findByLabelText('Describe the image');
    await waitFor(() => expect((prompt as HTMLTextAreaElement).disabled).toBe(false));
    await user.click(screen.getByRole('button', { name: 'Generate image' }));
    expect(await screen.findByText(AI_IMAGE_MESSAGES.promptRequired)).toBeTruthy();
    expect(prompt.getAttribute('aria-invalid')).toBe('true');
    expect(api.callsTo('POST /api/ai/images')).toEqual([]);
  });

  it('says how to set up an image provider when there is none, with the controls off', async () => {
    fakeApi({
      'GET /api/ai/images/status': {
        isConfigured: false,
        provider: 'anthropic',
        model: null,
        message: AI_IMAGE_MESSAGES.notConfigured,
      },
    });
    renderWithProviders(<AiImagePanel />);
    expect((await screen.findByRole('note')).textContent).toContain(AI_IMAGE_MESSAGES.notConfigured);
    expect((screen.getByRole('button', { name: 'Generate image' }) as HTMLButtonElement).disabled).toBe(true);
    expect((screen.getByLabelText('Describe the image') as HTMLTextAreaElement).disabled).toBe(true);
  });

  it("shows the provider's refusal and keeps the description", async () => {
    const user = userEvent.setup();
    fakeApi({
      'GET /api/ai/images/status': READY,
      'POST /api/ai/images': () => apiError(429, 'Your workspace has used its 60 AI requests for this hour.'),
    });
    renderWithProviders(<AiImagePanel />);
    const prompt = await screen.findByLabelText('Describe the image');
    await waitFor(() => expect((prompt as HTMLTextAreaElement).disabled).toBe(false));
    await user.type(prompt, 'A lighthouse');
    await user.click(screen.getByRole('button', { name: 'Generate image' }));
    await waitFor(() =>
      expect((screen.getByRole('button', { name: 'Generate image' }) as HTMLButtonElement).disabled).toBe(
        false,
      ),
    );
    expect((prompt as HTMLTextAreaElement).value).toBe('A lighthouse');
  });
});
