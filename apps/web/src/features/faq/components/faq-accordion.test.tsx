import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { FAQ_ITEMS } from '../faq-items';
import { FaqAccordion } from './faq-accordion';

function question(index: number): HTMLElement {
  return screen.getByRole('button', { name: FAQ_ITEMS[index]!.question });
}

/** Whether the answer of this question is shown (its panel is not hidden). */
function isAnswerShown(index: number): boolean {
  const panel = screen.getByText(FAQ_ITEMS[index]!.answer).closest('section');
  if (!panel) throw new Error('answer outside its panel');
  return !panel.hidden;
}

function expandedQuestions(): HTMLElement[] {
  return screen.getAllByRole('button').filter((button) => button.getAttribute('aria-expanded') === 'true');
}

describe('FaqAccordion', () => {
  it('lists ten questions, all closed', () => {
    render(<FaqAccordion items={FAQ_ITEMS} />);
    expect(FAQ_ITEMS).toHaveLength(10);
    expect(screen.getAllByRole('button')).toHaveLength(10);
    expect(expandedQuestions()).toHaveLength(0);
    expect(FAQ_ITEMS.map((_, index) => isAnswerShown(index))).not.toContain(true);
  });

  it('opens one answer at a time and closes the open one on a second click', async () => {
    const user = userEvent.setup();
    render(<FaqAccordion items={FAQ_ITEMS} />);

    await user.click(question(0));
    expect(question(0).getAttribute('aria-expanded')).toBe('true');
    expect(isAnswerShown(0)).toBe(true);

    await user.click(question(3));
    expect(expandedQuestions()).toEqual([question(3)]);
    expect(isAnswerShown(3)).toBe(true);
    expect(isAnswerShown(0)).toBe(false);

    await user.click(question(3));
    expect(expandedQuestions()).toHaveLength(0);
    expect(isAnswerShown(3)).toBe(false);
  });

  it('ties each question to its answer for assistive technology', async () => {
    const user = userEvent.setup();
    render(<FaqAccordion items={FAQ_ITEMS} />);
    await user.click(question(1));
    const panelId = question(1).getAttribute('aria-controls');
    const panel = screen.getByRole('region', { name: FAQ_ITEMS[1]!.question });
    expect(panel.id).toBe(panelId);
    expect(panel.textContent).toBe(FAQ_ITEMS[1]!.answer);
    for (const [index] of FAQ_ITEMS.entries()) {
      const controlled = question(index).getAttribute('aria-controls');
      expect(controlled && document.getElementById(controlled)).toBeTruthy();
    }
  });

  it('works from the keyboard: Tab to a question, Enter or Space to toggle it', async () => {
    const user = userEvent.setup();
    render(<FaqAccordion items={FAQ_ITEMS} />);

    await user.tab();
    expect(document.activeElement).toBe(question(0));
    await user.keyboard('{Enter}');
    expect(question(0).getAttribute('aria-expanded')).toBe('true');

    await user.tab();
    expect(document.activeElement).toBe(question(1));
    await user.keyboard(' ');
    expect(expandedQuestions()).toEqual([question(1)]);

    await user.keyboard('{Enter}');
    expect(expandedQuestions()).toHaveLength(0);
  });
});
