import type { Services } from '../../app/create-services.js';
import type { QuestionRequest } from '../../adapters/llm/question-generator.js';
import { QUESTIONS_QUEUE } from './products.service.js';

/** BullMQ processors of the catalogue: question generation (pure, so safe to run again). */
export function registerProductJobs(services: Services): void {
  services.infra.queues.register(QUESTIONS_QUEUE, (job) => services.products.answerQuestionJob(job.data as QuestionRequest), 4);
}
