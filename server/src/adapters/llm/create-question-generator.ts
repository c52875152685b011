import type { Config } from '../../config/env.js';
import { OpenAiQuestionGenerator } from './openai-question-generator.js';
import type { QuestionGenerator } from './question-generator.js';
import { RulesQuestionGenerator } from './rules-question-generator.js';

/** The question generator chosen by QUESTION_GENERATOR. */
export function createQuestionGenerator(config: Config): QuestionGenerator {
  if (config.QUESTION_GENERATOR === 'openai') {
    return new OpenAiQuestionGenerator({
      baseUrl: config.OPENAI_BASE_URL,
      apiKey: config.OPENAI_API_KEY!,
      model: config.OPENAI_MODEL,
      // Leave the waiting request a little time to answer with a clear error.
      timeoutMs: Math.max(100, config.QUESTION_JOB_TIMEOUT_MS - 1000),
    });
  }
  return new RulesQuestionGenerator();
}
