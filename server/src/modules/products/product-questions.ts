import { z } from 'zod';
import type { GeneratedQuestion, QuestionGenerator, QuestionRequest } from '../../adapters/llm/question-generator.js';
import { AppError } from '../../common/app-error.js';
import type { RequestContext } from '../../common/request-context.js';
import type { Queues } from '../../queue/queues.js';
import { productMessages } from './products.messages.js';

/** BullMQ queue of question generation jobs. */
export const QUESTIONS_QUEUE = 'questions';

const generatedQuestions = z.array(z.object({ question: z.string().min(1), questionType: z.enum(['YesNo', 'FreeResponse']), mandatory: z.boolean() }));

export interface QuestionGenerationDeps {
  generator: QuestionGenerator;
  queues: Queues;
  /** How long a request waits for its job (QUESTION_JOB_TIMEOUT_MS). */
  timeoutMs: number;
}

/**
 * Buyer questions suggested for a description: a BullMQ job (worker side: the question generator,
 * rules or a language model), which the request waits for up to `timeoutMs`.
 */
export class QuestionGeneration {
  constructor(private readonly deps: QuestionGenerationDeps) {}

  /** The job's work (worker side). */
  answerJob(data: QuestionRequest): Promise<GeneratedQuestion[]> {
    return this.deps.generator.generate(data);
  }

  /**
   * Enqueues the job and waits for its result. It polls the job rather than listening to queue
   * events: an event stream opened after the job was added can miss a fast job's completion.
   */
  async run(ctx: RequestContext, request: QuestionRequest): Promise<GeneratedQuestion[]> {
    const { queues, timeoutMs } = this.deps;
    const queue = queues.queue(QUESTIONS_QUEUE);
    const job = await queue.add('generate', request, {
      // The seller is waiting: a late retry would answer nobody.
      attempts: 1,
      removeOnComplete: { age: 600 },
      removeOnFail: { age: 3600 },
    });
    const deadline = Date.now() + timeoutMs;
    for (let wait = 10; Date.now() < deadline; wait = Math.min(wait * 2, 100)) {
      await new Promise((resolve) => setTimeout(resolve, Math.min(wait, Math.max(0, deadline - Date.now()))));
      const state = await queue.getJob(job.id!);
      if (!state?.finishedOn) continue;
      if (state.failedReason) {
        ctx.log.warn({ err: state.failedReason, jobId: job.id }, 'question generation failed');
        throw new AppError('SERVICE_UNAVAILABLE', productMessages.failedToGenerateQuestions);
      }
      const parsed = generatedQuestions.safeParse(state.returnvalue);
      if (parsed.success) return parsed.data;
      throw new AppError('SERVICE_UNAVAILABLE', productMessages.failedToGenerateQuestions);
    }
    await job.remove().catch(() => undefined); // nobody is waiting for it any more
    throw new AppError('TIMEOUT', productMessages.failedToGenerateQuestionsTheGenerator);
  }
}
