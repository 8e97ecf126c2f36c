import type { RepeatRuleInput } from '@relaycast/shared/post-series';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { repeatSummary } from '@/lib/repeat-summary';
import { RepeatControl } from './repeat-control';

/** The control as the composer holds it: the rule in state; 2026-12-01 is a Tuesday. */
function Harness({ onRule }: { onRule(rule: RepeatRuleInput | null): void }) {
  const [rule, setRule] = useState<RepeatRuleInput | null>(null);
  return (
    <RepeatControl
      value={rule}
      date="2026-12-01"
      onChange={(next) => {
        setRule(next);
        onRule(next);
      }}
    />
  );
}

describe('the Repeat control', () => {
  it('builds "every 2 weeks on Tue and Thu, 10 times" and says it in words', async () => {
    const user = userEvent.setup();
    let rule: RepeatRuleInput | null = null;
    render(<Harness onRule={(next) => (rule = next)} />);
    expect(screen.queryByRole('status')).toBeNull();
    await user.selectOptions(screen.getByLabelText('Repeats'), 'weekly');
    expect(screen.getByRole('status').textContent).toBe('Weekly on Tue, 10 times');
    expect(screen.getByRole('button', { name: 'Tue' }).getAttribute('aria-pressed')).toBe('true');
    await user.click(screen.getByRole('button', { name: 'Thu' }));
    const every = screen.getByLabelText('Every');
    await user.clear(every);
    await user.type(every, '2');
    expect(screen.getByRole('status').textContent).toBe('Every 2 weeks on Tue and Thu, 10 times');
    expect(rule).toEqual({
      frequency: 'weekly',
      interval: 2,
      weekdays: [2, 4],
      ends: { kind: 'after', count: 10 },
    });
  });

  it('ends on a date or never, asks for a day when none is chosen, and goes back to no repeat', async () => {
    const user = userEvent.setup();
    let rule: RepeatRuleInput | null = null;
    render(<Harness onRule={(next) => (rule = next)} />);
    await user.selectOptions(screen.getByLabelText('Repeats'), 'weekly');
    await user.click(screen.getByRole('button', { name: 'Tue' }));
    expect(screen.getByRole('status').textContent).toBe('Choose at least one day.');
    await user.selectOptions(screen.getByLabelText('Repeats'), 'monthly');
    await user.selectOptions(screen.getByLabelText('Ends'), 'on');
    expect(screen.getByRole('status').textContent).toBe('Monthly on day 1, until Dec 1, 2026');
    await user.selectOptions(screen.getByLabelText('Ends'), 'never');
    expect(screen.getByRole('status').textContent).toBe('Monthly on day 1');
    await user.selectOptions(screen.getByLabelText('Repeats'), 'none');
    expect(rule).toBeNull();
    expect(screen.queryByLabelText('Every')).toBeNull();
  });

  it('writes daily rules and a single time in words', () => {
    const daily = { frequency: 'daily', interval: 3, ends: { kind: 'after', count: 1 } } as const;
    expect(repeatSummary(daily, '2026-12-01')).toBe('Every 3 days, once');
    expect(repeatSummary({ ...daily, interval: 1, ends: { kind: 'never' } }, '2026-12-01')).toBe('Daily');
  });
});
