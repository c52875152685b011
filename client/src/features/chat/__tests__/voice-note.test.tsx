import { act, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { MarkVoiceNotePlayedDocument } from '../../../graphql/generated';
import { changeLanguage } from '../../../lib/i18n';
import { renderApp, TEST_USER } from '../../../test/render-app';
import { LOGGED_IN_STORAGE_KEY } from '../../auth/session-context';
import { conversationFixture, conversationsMock, messageFixture, messagesMock, noProductsMock, readMock, SELLER_ID } from './fixtures';

beforeEach(() => window.localStorage.setItem(LOGGED_IN_STORAGE_KEY, '1'));
afterEach(async () => {
  vi.restoreAllMocks();
  await changeLanguage('en');
});

const PEAKS = Array.from({ length: 48 }, (_, i) => (i % 2 ? 100 : 10));

function voiceMessage(overrides: { played?: boolean; transcript?: string | null; mine?: boolean } = {}) {
  return messageFixture({
    kind: 'voice',
    content: '0:42',
    mine: overrides.mine ?? false,
    voiceNote: { __typename: 'ChatVoiceNote', durationMs: 42_000, peaks: PEAKS, contentType: 'audio/webm', url: '/chat/attachments/m1', played: overrides.played ?? false, transcript: overrides.transcript ?? null },
  } as Parameters<typeof messageFixture>[0]);
}

describe('a voice note in the conversation', () => {
  it("plays with its controls; the receiver's first play marks it played on the server", async () => {
    // jsdom plays no audio: play() resolves and says it plays, as a browser's does.
    vi.spyOn(HTMLMediaElement.prototype, 'play').mockImplementation(function (this: HTMLMediaElement) {
      this.dispatchEvent(new Event('play'));
      return Promise.resolve();
    });
    vi.spyOn(HTMLMediaElement.prototype, 'pause').mockImplementation(function (this: HTMLMediaElement) {
      this.dispatchEvent(new Event('pause'));
    });
    const note = voiceMessage({ transcript: 'Kal tak 40 kursi bhej dunga' });
    const marks: unknown[] = [];
    const { user } = renderApp({
      initialEntries: [`/chat?with=${SELLER_ID}`],
      me: TEST_USER,
      mocks: [
        noProductsMock,
        conversationsMock([conversationFixture()], 5),
        messagesMock(SELLER_ID, [note]),
        readMock('1'),
        {
          request: { query: MarkVoiceNotePlayedDocument, variables: { messageId: note.id } },
          result: (vars: unknown) => {
            marks.push(vars);
            return { data: { markVoiceNotePlayed: { ...note, voiceNote: { ...note.voiceNote!, played: true } } } };
          },
        },
      ],
    });
    const log = await screen.findByRole('log', { name: 'Messages with ravi_traders' });
    const player = await within(log).findByRole('group', { name: 'Voice note, 0:42, not played yet' });
    expect(within(player).getByRole('slider', { name: 'Position in the voice note' })).toHaveAttribute('aria-valuetext', '0:00 of 0:42');
    expect(within(player).getByText('0:42')).toBeInTheDocument();
    expect(within(log).getByText('Kal tak 40 kursi bhej dunga')).toBeInTheDocument();
    expect(player.querySelectorAll('.voice-note__bar')).toHaveLength(48);

    const speed = within(player).getByRole('button', { name: 'Playback speed 1x: change it' });
    await user.click(speed);
    expect(speed).toHaveAccessibleName('Playback speed 1.5x: change it');
    await user.click(speed);
    await user.click(speed);
    expect(speed).toHaveTextContent('1x');

    await user.click(within(player).getByRole('button', { name: 'Play the voice note' }));
    await waitFor(() => expect(marks).toEqual([{ messageId: note.id }]));
    expect(await within(log).findByRole('group', { name: 'Voice note, 0:42' })).toBeInTheDocument();
    await user.click(within(log).getByRole('button', { name: 'Pause' }));
    expect(within(log).getByRole('button', { name: 'Play the voice note' })).toBeInTheDocument();
    // Played again: no second mark.
    await user.click(within(log).getByRole('button', { name: 'Play the voice note' }));
    expect(marks).toHaveLength(1);
  });

  it('says nothing when the audio cannot be looked ahead at (offline), and says it could not be played when a play fails', async () => {
    let plays = 0;
    vi.spyOn(HTMLMediaElement.prototype, 'play').mockImplementation(() => {
      plays += 1;
      return Promise.reject(new Error('no network'));
    });
    const load = vi.spyOn(HTMLMediaElement.prototype, 'load').mockImplementation(() => undefined);
    renderApp({
      initialEntries: [`/chat?with=${SELLER_ID}`],
      me: TEST_USER,
      mocks: [noProductsMock, conversationsMock([conversationFixture()], 5), messagesMock(SELLER_ID, [voiceMessage({ played: true })]), readMock('1')],
    });
    const log = await screen.findByRole('log', { name: 'Messages with ravi_traders' });
    const player = await within(log).findByRole('group', { name: 'Voice note, 0:42' });
    // The look-ahead (preload="metadata") fails: no alert beside a note the reader has not asked to play.
    act(() => {
      player.querySelector('audio')!.dispatchEvent(new Event('error'));
    });
    expect(within(log).queryByRole('alert')).not.toBeInTheDocument();
    // A play the reader asked for that fails says so.
    within(player).getByRole('button', { name: 'Play the voice note' }).click();
    expect(await within(log).findByRole('alert')).toHaveTextContent('The voice note could not be played.');
    expect(plays).toBe(1);
    load.mockRestore();
  });

  it("is labelled in Hindi; the sender's own note has no unplayed mark and marks nothing", async () => {
    await changeLanguage('hi');
    const play = vi.spyOn(HTMLMediaElement.prototype, 'play').mockResolvedValue(undefined);
    renderApp({
      initialEntries: [`/chat?with=${SELLER_ID}`],
      me: TEST_USER,
      mocks: [noProductsMock, conversationsMock([conversationFixture()], 5), messagesMock(SELLER_ID, [voiceMessage({ mine: true })]), readMock('1')],
    });
    const player = await screen.findByRole('group', { name: 'वॉइस नोट, 0:42' });
    expect(player.querySelector('.voice-note__unplayed')).toBeNull();
    expect(within(player).getByRole('slider', { name: 'वॉइस नोट में जगह' })).toBeInTheDocument();
    within(player).getByRole('button', { name: 'वॉइस नोट चलाएँ' }).click();
    await waitFor(() => expect(play).toHaveBeenCalled());
  });
});
