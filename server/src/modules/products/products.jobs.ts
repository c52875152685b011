import type { Infra } from '../../app/infra.js';
import type { ProductService } from './products.service.js';
import type { QuestionRequest } from '../../adapters/llm/question-generator.js';
import { QUESTIONS_QUEUE } from './products.service.js';

/** BullMQ processors of the catalogue: question generation (pure, so safe to run again). */
export function registerProductJobs({ products, infra }: { products: ProductService; infra: Pick<Infra, 'queues'> }): void {
  infra.queues.register(QUESTIONS_QUEUE, (job) => products.answerQuestionJob(job.data as QuestionRequest), 4);
}
