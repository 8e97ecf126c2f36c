import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider, useLocation } from 'react-router';
import { describe, expect, it } from 'vitest';
import { AiContentAssistant } from './ai-content-assistant';

function CreatePostProbe() {
  const location = useLocation();
  return <p>Arrived with {JSON.stringify(location.state)}</p>;
}

function renderAssistant() {
  const router = createMemoryRouter(
    [
      { path: '/', element: <AiContentAssistant /> },
      { path: '/create-post', element: <CreatePostProbe /> },
    ],
    { initialEntries: ['/'] },
  );
  render(<RouterProvider router={router} />);
  return router;
}

const LABEL = 'What would you like to create?';

describe('AiContentAssistant', () => {
  it('shows the three columns and a labelled prompt', () => {
    renderAssistant();
    for (const name of ['Examples', 'Capabilities', 'Limitations']) {
      expect(screen.getByRole('heading', { name })).toBeTruthy();
    }
    expect(screen.getByLabelText(LABEL)).toBeTruthy();
  });

  it('does nothing while the prompt is empty or blank', async () => {
    const user = userEvent.setup();
    const router = renderAssistant();
    await user.click(screen.getByRole('button', { name: 'Generate' }));
    expect(router.state.location.pathname).toBe('/');
    expect(document.activeElement).toBe(screen.getByLabelText(LABEL));

    await user.type(screen.getByLabelText(LABEL), '   {Enter}');
    await user.click(screen.getByRole('button', { name: 'Generate' }));
    expect(router.state.location.pathname).toBe('/');
    expect(router.state.historyAction).toBe('POP');
  });

  it('goes to /create-post carrying the trimmed prompt as aiPrompt', async () => {
    const user = userEvent.setup();
    const router = renderAssistant();
    await user.type(screen.getByLabelText(LABEL), '  A post about our launch  ');
    await user.click(screen.getByRole('button', { name: 'Generate' }));
    expect(router.state.location.pathname).toBe('/create-post');
    expect(router.state.location.state).toEqual({ aiPrompt: 'A post about our launch' });
    expect(await screen.findByText('Arrived with {"aiPrompt":"A post about our launch"}')).toBeTruthy();
  });
});
