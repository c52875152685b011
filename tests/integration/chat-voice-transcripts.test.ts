import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../support/app.js';
import { ApiClient, collect, waitFor, type JsonBody } from '../support/client.js';
import { startTranscriptionServer, type TranscriptionVerdict } from '../support/fake-speech.js';
import { audioDescribe, tone } from '../factories/audio.js';
import { blob } from '../factories/products.js';
import { createSeller, type Seller } from '../factories/users.js';

/**
 * Speech-to-text on voice notes (docs/product.md#speech), with the OpenAI-compatible driver pointed at a
 * local server speaking that API: each stored note gets a transcription job; the transcript arrives as an
 * 'edited' event under the note and is found by a search of the conversation. Errors and timeouts of the
 * service leave the note without a transcript.
 */
let app: TestApp;
let speech: Awaited<ReturnType<typeof startTranscriptionServer>>;
let verdict: TranscriptionVerdict = { text: '' };
let a: Seller;
let b: Seller;

const voiceDescribe = audioDescribe(describe);

beforeAll(async () => {
  speech = await startTranscriptionServer(() => verdict);
  app = await startTestApp({
    CHAT_MESSAGES_PER_MINUTE: '500',
    SPEECH_TO_TEXT: 'openai',
    SPEECH_BASE_URL: speech.url,
    SPEECH_API_KEY: 'sk-local-test',
    SPEECH_MODEL: 'whisper-large-v3',
    SPEECH_TIMEOUT_MS: '800',
  });
  [a, b] = await Promise.all([createSeller(app), createSeller(app)]);
});
afterAll(async () => {
  await app?.close();
  await speech?.close();
});

async function sendNote(data: Buffer): Promise<JsonBody> {
  const form = new FormData();
  form.append('voice_note', blob(data, 'audio/webm'), 'note.webm');
  const sent = await a.client.request('POST', `/chat/${b.user.uid}/messages`, form);
  expect(sent.status, JSON.stringify(sent.body)).toBe(201);
  return sent.body.message;
}

const transcriptOf = async (id: string) => {
  const rows = await app.sql<{ t: string | null }>(`select attachment->'voice'->>'transcript' as t from chat_messages where id = $1`, [id]);
  return rows[0].t;
};

voiceDescribe('voice-note transcripts', () => {
  it('sends the note to the transcription API; the transcript arrives live under it and is searchable', async () => {
    const ws = b.client.ws();
    const events = collect<{ data?: { chatEvents: JsonBody } }>(ws, 'subscription { chatEvents { type message { id kind voiceNote { transcript } } } }');
    await new Promise((r) => setTimeout(r, 300));
    verdict = { text: '  Kal tak  40 kursi bhej dunga.\n' };
    const before = speech.requests.length;
    const data = await tone('webm', 2, { pauses: true });
    const note = await sendNote(data);
    expect(note.voice_note.transcript).toBeNull();

    await waitFor(() => events.events.some((e) => e.data?.chatEvents.type === 'edited'), 30_000, 'the transcript event');
    expect(events.events.map((e) => e.data?.chatEvents).find((e) => e?.type === 'edited')).toEqual({
      type: 'edited',
      message: { id: note.message_id, kind: 'voice', voiceNote: { transcript: 'Kal tak 40 kursi bhej dunga.' } },
    });
    const request = speech.requests[before];
    expect(request).toMatchObject({ path: '/v1/audio/transcriptions', authorization: 'Bearer sk-local-test', model: 'whisper-large-v3', responseFormat: 'json', fileName: 'voice-note.weba', fileType: 'audio/webm' });
    expect(request.file!.equals(data)).toBe(true);
    expect(speech.requests.length).toBe(before + 1);

    // Both sides find it by what was said (case aside), over GraphQL and REST; a stranger finds nothing.
    const found = await b.client.gql<{ searchChatMessages: JsonBody[] }>('query($u: ID!, $q: String!) { searchChatMessages(userId: $u, query: $q) { id voiceNote { transcript } } }', { u: a.user.uid, q: 'KURSI' });
    expect(found.data?.searchChatMessages).toEqual([{ id: note.message_id, voiceNote: { transcript: 'Kal tak 40 kursi bhej dunga.' } }]);
    const rest = await a.client.get(`/chat/${b.user.uid}/messages/search?q=${encodeURIComponent('40 kursi')}`);
    expect(rest.body.messages.map((m: JsonBody) => m.message_id)).toEqual([note.message_id]);
    expect((await a.client.get(`/chat/${b.user.uid}/messages/search?q=${encodeURIComponent('100%')}`)).body.messages).toEqual([]);
    const empty = await a.client.get(`/chat/${b.user.uid}/messages/search?q=`);
    expect([empty.status, empty.body.message]).toEqual([400, 'Search for 1 to 200 characters']);
    const stranger = await createSeller(app);
    expect((await stranger.client.get(`/chat/${a.user.uid}/messages/search?q=kursi`)).body.messages).toEqual([]);
    await ws.dispose();
  }, 90_000);

  it.each<[string, TranscriptionVerdict, number]>([
    ['an error (tried twice)', { status: 500 }, 2],
    ['no answer within the timeout (tried twice)', 'hang', 2],
    ['a refusal of the audio (not tried again)', { status: 400 }, 1],
  ])('leaves the note without a transcript after %s', async (_what, answer, tries) => {
    verdict = answer;
    const before = speech.requests.length;
    const note = await sendNote(await tone('ogg', 1));
    await waitFor(async () => speech.requests.length >= before + tries, 30_000, 'the transcription attempts');
    await app.drain();
    expect(speech.requests.length).toBe(before + tries);
    expect(await transcriptOf(note.message_id)).toBeNull();
    const listed = await b.client.get(`/chat/${a.user.uid}/messages?limit=1`);
    expect(listed.body.messages[0]).toMatchObject({ message_id: note.message_id, kind: 'voice', voice_note: { transcript: null } });
  }, 60_000);
});

voiceDescribe('spoken words for the search assistant', () => {
  function speak(client: ApiClient | null, data: Buffer, language = 'hi') {
    const form = new FormData();
    form.append('language', language);
    form.append('audio', blob(data, 'audio/webm'), 'speech.webm');
    return (client ?? new ApiClient(app.url)).request('POST', '/speech/transcriptions', form);
  }

  it('writes out a recording through the speech port, in the language asked; refuses visitors and what is not audio', async () => {
    verdict = { text: ' lal saree 500 rupaye tak ' };
    expect((await a.client.gql<{ speechToTextAvailable: boolean }>('{ speechToTextAvailable }')).data?.speechToTextAvailable).toBe(true);
    const before = speech.requests.length;
    const heard = await speak(a.client, await tone('webm', 1));
    expect([heard.status, heard.body]).toEqual([200, { text: 'lal saree 500 rupaye tak' }]);
    expect(speech.requests[before]).toMatchObject({ language: 'hi', model: 'whisper-large-v3' });

    const text = await speak(a.client, Buffer.from('not audio at all'));
    expect([text.status, text.body.message]).toEqual([415, 'This is not a voice note: record one in WebM, Ogg (Opus) or MP4 (AAC)']);
    const visitor = await speak(null, await tone('webm', 1));
    expect([visitor.status, visitor.body.message]).toEqual([401, 'Log in to speak your search']);
    verdict = { status: 500 };
    const failed = await speak(a.client, await tone('webm', 1));
    expect([failed.status, failed.body.message]).toEqual([503, 'What you said could not be written out just now: please type it or try again']);
    expect(speech.requests.length).toBe(before + 2);
  }, 60_000);
});
