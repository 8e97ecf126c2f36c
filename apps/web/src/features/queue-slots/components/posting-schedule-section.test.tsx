import { QUEUE_SLOT_MESSAGES, type QueueSchedule } from '@relaycast/shared/queue-slots';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { browserTimeZone } from '@/lib/time-zone';
import { fakeApi } from '@/test/api.fake';
import { renderWithProviders } from '@/test/render';
import { addSlots } from '../schedule-edit';
import { PostingScheduleSection } from './posting-schedule-section';
import { filterZones, scheduleZoneOptions } from './schedule-zone-picker';

const SCHEDULE: QueueSchedule = {
  accountId: 'a1',
  timeZone: 'Europe/Paris',
  slots: [{ weekday: 0, time: '09:00' }],
};

function render(role: string) {
  const api = fakeApi({
    'GET /api/workspaces/current': { id: 'w1', name: 'Acme', role },
    'GET /api/accounts': {
      accounts: [
        { id: 'a1', platform: 'mastodon', handle: '@acme', displayName: 'Acme', status: 'connected' },
      ],
    },
    'GET /api/queue-slots': { schedules: [SCHEDULE] },
    'PUT /api/queue-slots/a1': ({ body }) => ({ accountId: 'a1', ...(body as object) }),
    'POST /api/queue-slots/a1/fill-from-best-times': SCHEDULE,
  });
  renderWithProviders(<PostingScheduleSection />);
  return api;
}

describe('PostingScheduleSection', () => {
  it('adds a time on the chosen days, removes one, fills from best times and clears, in the stored zone', async () => {
    const user = userEvent.setup();
    const api = render('editor');
    const card = await screen.findByRole('region', { name: 'Posting schedule of @acme' });
    expect(within(card).getByText('Times in Europe/Paris')).toBeTruthy();
    await within(card).findByText('9:00 AM');

    const time = within(card).getByLabelText('Time');
    await user.clear(time);
    await user.type(time, '17:30');
    for (const day of ['Mon', 'Wed', 'Thu', 'Fri', 'Sat', 'Sun']) {
      await user.click(within(card).getByRole('checkbox', { name: day }));
    }
    await user.click(within(card).getByRole('button', { name: 'Add time' }));
    await waitFor(() => expect(api.callsTo('PUT /api/queue-slots/a1')).toHaveLength(1));
    expect(api.callsTo('PUT /api/queue-slots/a1')[0]?.body).toEqual({
      timeZone: 'Europe/Paris',
      slots: [
        { weekday: 0, time: '09:00' },
        { weekday: 1, time: '17:30' },
      ],
    });

    await user.click(within(card).getByRole('button', { name: 'Remove 9:00 AM on Monday' }));
    await waitFor(() => expect(api.callsTo('PUT /api/queue-slots/a1')).toHaveLength(2));
    expect(api.callsTo('PUT /api/queue-slots/a1')[1]?.body).toEqual({ timeZone: 'Europe/Paris', slots: [] });

    await user.click(within(card).getByRole('button', { name: 'Fill from best times' }));
    await waitFor(() => expect(api.callsTo('POST /api/queue-slots/a1/fill-from-best-times')).toHaveLength(1));
    expect(api.callsTo('POST /api/queue-slots/a1/fill-from-best-times')[0]?.body).toEqual({
      timeZone: 'Europe/Paris',
    });

    await user.click(within(card).getByRole('button', { name: 'Clear all' }));
    await waitFor(() => expect(api.callsTo('PUT /api/queue-slots/a1')).toHaveLength(3));
    expect(api.callsTo('PUT /api/queue-slots/a1')[2]?.body).toEqual({ timeZone: 'Europe/Paris', slots: [] });
  });

  it('changes the zone from a searchable list, keeping the times, and says so', async () => {
    const user = userEvent.setup();
    const api = render('editor');
    const card = await screen.findByRole('region', { name: 'Posting schedule of @acme' });
    await within(card).findByText('9:00 AM');
    expect(
      within(card).getByText('Changing the zone keeps the times: 09:00 stays 09:00, in the new zone.'),
    ).toBeTruthy();
    const select = within(card).getByLabelText('Schedule time zone') as HTMLSelectElement;
    expect(select.value).toBe('Europe/Paris');
    await user.type(within(card).getByLabelText('Search time zones'), 'new york');
    const offered = [...select.options].map((option) => option.value);
    expect(offered).toContain('America/New_York');
    expect(offered).toContain('Europe/Paris'); // the current zone stays choosable
    expect(offered).not.toContain('Asia/Tokyo');
    await user.selectOptions(select, 'America/New_York');
    await waitFor(() => expect(api.callsTo('PUT /api/queue-slots/a1')).toHaveLength(1));
    expect(api.callsTo('PUT /api/queue-slots/a1')[0]?.body).toEqual({
      timeZone: 'America/New_York',
      slots: [{ weekday: 0, time: '09:00' }],
    });
  });

  it('offers the member’s zone and the browser’s first, then every IANA zone', () => {
    const options = scheduleZoneOptions('Europe/Paris', 'Asia/Tokyo');
    expect(options[0]).toBe('Asia/Tokyo');
    expect(options[1]).toBe(browserTimeZone());
    expect(options).toContain('Europe/Paris');
    expect(options).toContain('America/Sao_Paulo');
    expect(new Set(options).size).toBe(options.length);
    expect(filterZones(options, 'sao paulo', 'Europe/Paris')).toEqual(['Europe/Paris', 'America/Sao_Paulo']);
  });

  it('shows a viewer the schedule without the controls to change it', async () => {
    render('viewer');
    const card = await screen.findByRole('region', { name: 'Posting schedule of @acme' });
    await within(card).findByText('9:00 AM');
    await waitFor(() => expect(within(card).queryByRole('button', { name: 'Add time' })).toBeNull());
    expect(within(card).queryByRole('button', { name: /Remove/ })).toBeNull();
    expect(within(card).queryByRole('button', { name: 'Fill from best times' })).toBeNull();
    expect(within(card).queryByLabelText('Schedule time zone')).toBeNull();
  });

  it('refuses a time already there, no day, and more than the limit, with the shared messages', () => {
    const slots = [{ weekday: 0, time: '09:00' }];
    expect(addSlots(slots, [0], '09:00')).toEqual({ error: QUEUE_SLOT_MESSAGES.duplicate });
    expect(addSlots(slots, [], '10:00')).toEqual({ error: QUEUE_SLOT_MESSAGES.badWeekday });
    expect(addSlots(slots, [1], '9:00')).toEqual({ error: QUEUE_SLOT_MESSAGES.badTime });
    const full = Array.from({ length: 49 }, (_, n) => ({ weekday: n % 7, time: `0${Math.floor(n / 7)}:00` }));
    expect(addSlots(full, [0, 1], '23:00')).toEqual({ error: QUEUE_SLOT_MESSAGES.tooMany });
    expect(addSlots(slots, [2, 0], '08:00')).toEqual({
      slots: [
        { weekday: 0, time: '08:00' },
        { weekday: 0, time: '09:00' },
        { weekday: 2, time: '08:00' },
      ],
    });
  });
});
