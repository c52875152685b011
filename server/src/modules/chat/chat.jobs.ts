import { UnrecoverableError, type Job } from 'bullmq';
import { z } from 'zod';
import { SpeechFailed, type SpeechToText } from '../../adapters/speech/speech-to-text.js';
import type { Storage } from '../../adapters/storage/storage.js';
import type { Infra } from '../../app/infra.js';
import type { Queues } from '../../queue/queues.js';
import type { ChatService } from './chat.service.js';
import { VOICE_TRANSCRIPT_QUEUE } from './chat-events.js';

/**
 * BullMQ processors of chat: voice notes' transcriptions. (A new message's email is the notifications module's
 * digest of what stayed unread: chat-notifiable.ts.)
 */
export function registerChatJobs({ chat, storage, speech, infra }: { chat: ChatService; storage: Storage; speech: SpeechToText; infra: Pick<Infra, 'queues' | 'orm'> }): void {
  registerTranscripts({ chat, storage, speech, infra });
}

const transcriptJob = z.object({ messageId: z.uuid() });

/** Queues a voice note's transcription (once per note: the job id is the note's). */
export async function queueTranscript(queues: Queues, messageId: string): Promise<void> {
  await queues.queue(VOICE_TRANSCRIPT_QUEUE).add('transcribe', { messageId }, { jobId: `transcribe-${messageId}`, attempts: 2, backoff: { type: 'fixed', delay: 2000 } });
}

/**
 * The transcription job of a voice note: its stored audio to the speech port, the words back on the note
 * (an 'edited' event to both participants). A failure is tried once more; a refusal (the service's 4xx) is
 * not; either way the note stays, without a transcript. Nothing said: no transcript either.
 */
function registerTranscripts({ chat, storage, speech, infra }: { chat: ChatService; storage: Storage; speech: SpeechToText; infra: Pick<Infra, 'queues' | 'orm'> }): void {
  infra.queues.register(VOICE_TRANSCRIPT_QUEUE, async (job: Job) => {
    const parsed = transcriptJob.safeParse(job.data);
    if (!parsed.success) throw new UnrecoverableError('transcription job without its message');
    const em = infra.orm.em.fork();
    const file = await chat.voiceNoteAudio(em, parsed.data.messageId);
    if (!file) return { skipped: 'no such voice note' };
    const data = await storage.read(file.key);
    let text: string;
    try {
      text = await speech.transcribe({ data, fileName: file.fileName, contentType: file.contentType });
    } catch (err) {
      if (err instanceof SpeechFailed && err.permanent) throw new UnrecoverableError(`speech-to-text refused: ${err.message}`);
      throw err;
    }
    if (!text) return { skipped: 'nothing said' };
    return { saved: await chat.saveTranscript(em, parsed.data.messageId, text.slice(0, 4000)) };
  });
}
