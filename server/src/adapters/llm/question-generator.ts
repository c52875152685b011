/** What a question generator is asked: the product as the seller has described it so far. */
export interface QuestionRequest {
  description: string;
  title?: string;
  category?: string;
  productType?: 'new' | 'used';
  language: 'en' | 'hi';
}

/** A suggested buyer question (the seller edits and saves the ones they want). */
export interface GeneratedQuestion {
  question: string;
  questionType: 'YesNo' | 'FreeResponse';
  mandatory: boolean;
}

/**
 * The port behind "generate questions": a rule-based generator (default, offline) or an
 * OpenAI-compatible chat-completions model. Runs inside a BullMQ job.
 */
export interface QuestionGenerator {
  readonly name: string;
  generate(request: QuestionRequest): Promise<GeneratedQuestion[]>;
}

/** At most this many questions come back from any generator. */
export const MAX_GENERATED_QUESTIONS = 8;
