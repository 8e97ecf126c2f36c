import { EVERGREEN_MESSAGES } from '@relaycast/shared/evergreen';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { fakeApi } from '@/test/api.fake';
import { renderWithProviders } from '@/test/render';
import { type EvergreenChoice, EvergreenControl } from './evergreen-control';

const COLLECTION = {
  id: 'c1',
  name: 'Blog classics',
  minGapDays: 30,
  stopAfter: null,
  endsOn: null,
  paused: false,
  needsQueueSlots: false,
  entries: [],
  createdAt: '2026-11-01T00:00:00.000Z',
};

let last: EvergreenChoice | null = null;

function Harness() {
  const [value, setValue] = useState<EvergreenChoice | null>(null);
  last = value;
  return (
    <EvergreenControl value={value} ownText="Read our guide" platforms={['twitter']} onChange={setValue} />
  );
}

describe('the composer’s Evergreen control', () => {
  it('chooses a collection, says what one text means, and checks each variant against the platform', async () => {
    fakeApi({ 'GET /api/evergreen': { collections: [COLLECTION] } });
    const user = userEvent.setup();
    renderWithProviders(<Harness />);
    const select = await screen.findByLabelText('Evergreen');
    await user.selectOptions(select, 'c1');
    expect(last).toEqual({ collectionId: 'c1', variants: [] });
    expect(screen.getByText(EVERGREEN_MESSAGES.oneVariant)).toBeTruthy();

    await user.click(screen.getByRole('button', { name: 'Add a variant' }));
    await user.type(screen.getByLabelText('Variant 2'), 'Read our guide');
    expect(screen.getByRole('alert').textContent).toBe(EVERGREEN_MESSAGES.sameVariant);
    await user.clear(screen.getByLabelText('Variant 2'));
    await user.click(screen.getByLabelText('Variant 2'));
    await user.paste('x'.repeat(281));
    expect(screen.getByRole('alert').textContent).toBe(
      EVERGREEN_MESSAGES.variantTooLong(1, 'X (Twitter)', 280),
    );
    await user.clear(screen.getByLabelText('Variant 2'));
    await user.type(screen.getByLabelText('Variant 2'), 'Our guide, updated');
    expect(screen.queryByRole('alert')).toBeNull();
    await waitFor(() => expect(last).toEqual({ collectionId: 'c1', variants: ['Our guide, updated'] }));
    await user.click(screen.getByRole('button', { name: 'Remove variant 2' }));
    expect(last?.variants).toEqual([]);
  });

  it('is not shown while the workspace has no collection', async () => {
    const api = fakeApi({ 'GET /api/evergreen': { collections: [] } });
    renderWithProviders(<Harness />);
    await waitFor(() => expect(api.callsTo('GET /api/evergreen')).toHaveLength(1));
    expect(screen.queryByLabelText('Evergreen')).toBeNull();
  });
});
