import { beforeEach, describe, expect, it } from 'vitest';
import { type Edit, initialEdit } from './hooks/use-edit-history';
import { forgetSavedEdit, loadSavedEdit, MAX_SAVED_EDITS, saveEdit } from './saved-edit';

const edited: Edit = {
  segments: [
    { start: 0, end: 4 },
    { start: 6, end: 30 },
  ],
  trim: { start: 1, end: 20 },
  overlays: [{ text: 'Hello', position: 'bottom', start: 0, end: 3 }],
  captions: { name: 'talk.srt', text: '1\n00:00:00,000 --> 00:00:02,000\nHi there\n', cues: [] },
};

describe('the edit kept between visits', () => {
  beforeEach(() => localStorage.clear());

  it('gives back the edit of the same video, captions read again from their file', () => {
    saveEdit('m1', 30, edited);
    const back = loadSavedEdit('m1', 30);
    expect(back).toMatchObject({ segments: edited.segments, trim: edited.trim, overlays: edited.overlays });
    expect(back?.captions?.name).toBe('talk.srt');
    expect(back?.captions?.cues).toEqual([{ start: 0, end: 2, text: 'Hi there' }]);
    expect(loadSavedEdit('other', 30)).toBeNull();
  });

  it('does not restore into a different file under the same id, nor a broken or tampered entry', () => {
    saveEdit('m1', 30, edited);
    expect(loadSavedEdit('m1', 12)).toBeNull();
    localStorage.setItem('relaycast.video-editor.edit.m2', '{not json');
    expect(loadSavedEdit('m2', 30)).toBeNull();
    const tampered = { ...JSON.parse(localStorage.getItem('relaycast.video-editor.edit.m1')!) };
    tampered.segments = [{ start: 5, end: 2 }];
    localStorage.setItem('relaycast.video-editor.edit.m1', JSON.stringify(tampered));
    expect(loadSavedEdit('m1', 30)).toBeNull();
  });

  it('forgets on request and keeps only the most recent videos', () => {
    saveEdit('m1', 30, initialEdit(30));
    forgetSavedEdit('m1');
    expect(loadSavedEdit('m1', 30)).toBeNull();
    for (let i = 0; i < MAX_SAVED_EDITS + 5; i++) saveEdit(`v${i}`, 30, initialEdit(30), 1000 + i);
    expect(loadSavedEdit('v0', 30)).toBeNull();
    expect(loadSavedEdit(`v${MAX_SAVED_EDITS + 4}`, 30)).not.toBeNull();
    const kept = Object.keys(localStorage).filter((key) => key.startsWith('relaycast.video-editor.edit.'));
    expect(kept).toHaveLength(MAX_SAVED_EDITS);
  });
});
