import type { Label } from '@relaycast/shared/labels';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { LabelChips } from '@/components/label-chips';
import { buildPostInput, emptyValues } from '@/lib/post-form';
import { fakeApi } from '@/test/api.fake';
import { renderWithProviders } from '@/test/render';
import { LabelFilter } from './label-filter';
import { LabelPicker } from './label-picker';

vi.mock('@/lib/show-error', () => ({ showError: vi.fn(), toastOutcome: vi.fn() }));

/** The labels' picker, chips and filter (docs/labels.md). */

const LAUNCH: Label = { id: 'l1', name: 'Launch', color: 'green' };
const PROMO: Label = { id: 'l2', name: 'Promo', color: 'red' };

function Picker({ start = [], onChange }: { start?: Label[]; onChange(labels: Label[]): void }) {
  const [value, setValue] = useState<Label[]>(start);
  return (
    <LabelPicker
      value={value}
      onChange={(labels) => {
        setValue(labels);
        onChange(labels);
      }}
    />
  );
}

describe('LabelPicker', () => {
  it('finds an existing label as you type and adds it, and removes a chosen one', async () => {
    fakeApi({ 'GET /api/labels': { labels: [LAUNCH, PROMO] } });
    const onChange = vi.fn();
    const user = userEvent.setup();
    renderWithProviders(<Picker onChange={onChange} />);
    await user.type(screen.getByLabelText('Add a label'), 'lau');
    await user.click(await screen.findByRole('button', { name: 'Launch' }));
    expect(onChange).toHaveBeenLastCalledWith([LAUNCH]);
    expect(screen.queryByRole('button', { name: 'Promo' })).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Remove the label Launch' }));
    expect(onChange).toHaveBeenLastCalledWith([]);
  });

  it('creates a new label inline with the default colour and puts it on the post', async () => {
    const created: Label = { id: 'l3', name: 'Spring sale', color: 'blue' };
    const api = fakeApi({ 'GET /api/labels': { labels: [LAUNCH] }, 'POST /api/labels': created });
    const onChange = vi.fn();
    const user = userEvent.setup();
    renderWithProviders(<Picker onChange={onChange} />);
    await user.type(screen.getByLabelText('Add a label'), '  Spring   sale');
    await user.click(await screen.findByRole('button', { name: 'Create label “Spring sale”' }));
    await waitFor(() => expect(onChange).toHaveBeenLastCalledWith([created]));
    expect(api.callsTo('POST /api/labels')[0]?.body).toEqual({ name: 'Spring sale', color: 'blue' });
    expect(
      within(screen.getByRole('list', { name: 'Labels of this post' })).getByText('Spring sale'),
    ).toBeTruthy();
  });

  it('picks the existing label on Enter whatever its case, and refuses a bad name before asking the server', async () => {
    const api = fakeApi({ 'GET /api/labels': { labels: [LAUNCH] } });
    const onChange = vi.fn();
    const user = userEvent.setup();
    renderWithProviders(<Picker onChange={onChange} />);
    await screen.findByLabelText('Add a label');
    await waitFor(() => expect(api.callsTo('GET /api/labels')).toHaveLength(1));
    await user.type(screen.getByLabelText('Add a label'), 'LAUNCH{Enter}');
    await waitFor(() => expect(onChange).toHaveBeenLastCalledWith([LAUNCH]));
    await user.type(screen.getByLabelText('Add a label'), 'a;b{Enter}');
    expect(await screen.findByText('A label’s name cannot contain ";".')).toBeTruthy();
    expect(api.callsTo('POST /api/labels')).toEqual([]);
  });
});

describe('LabelChips', () => {
  it('shows each label’s name with its colour, the rest counted', () => {
    renderWithProviders(
      <LabelChips labels={[LAUNCH, PROMO, { id: 'l3', name: 'Third', color: 'blue' }]} max={2} />,
    );
    expect(screen.getByText('Launch')).toBeTruthy();
    expect(screen.getByText('Promo')).toBeTruthy();
    expect(screen.queryByText('Third')).toBeNull();
    expect(screen.getByText('+1')).toBeTruthy();
    expect(document.querySelector('[data-color="green"]')).toBeTruthy();
  });
});

describe('the post form', () => {
  it('sends labelIds only once the labels changed', () => {
    const values = { ...emptyValues('Hi'), platforms: ['mastodon' as const], labels: [LAUNCH] };
    expect(buildPostInput(values, 'draft', 'UTC')).not.toHaveProperty('labelIds');
    expect(buildPostInput({ ...values, labelsChanged: true }, 'draft', 'UTC').labelIds).toEqual(['l1']);
  });
});

describe('LabelFilter', () => {
  it('offers every label and All labels, and says which one was chosen', async () => {
    fakeApi({ 'GET /api/labels': { labels: [LAUNCH, PROMO] } });
    const onChange = vi.fn();
    const user = userEvent.setup();
    renderWithProviders(<LabelFilter value="" onChange={onChange} />);
    const select = await screen.findByLabelText('Label');
    expect([...(select as HTMLSelectElement).options].map((option) => option.text)).toEqual([
      'All labels',
      'Launch',
      'Promo',
    ]);
    await user.selectOptions(select, 'l2');
    expect(onChange).toHaveBeenLastCalledWith('l2');
  });
});
