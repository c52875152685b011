import { z } from 'zod';
import { MAX_GENERATED_QUESTIONS, type GeneratedQuestion, type QuestionGenerator, type QuestionRequest } from './question-generator.js';

export interface OpenAiSettings {
  baseUrl: string;
  apiKey: string;
  model: string;
  timeoutMs: number;
}

const answer = z.object({
  questions: z
    .array(
      z.object({
        question: z.string().trim().min(1).max(500),
        question_type: z.enum(['yes_no', 'free_response', 'YesNo', 'FreeResponse']),
        mandatory: z.boolean().optional(),
      }),
    )
    .min(1),
});

const completion = z.object({
  choices: z.array(z.object({ message: z.object({ content: z.string().nullable() }) })).min(1),
});

const SYSTEM = [
  'You write questions that a seller on an Indian business-goods marketplace asks every buyer who inquires about a product.',
  'Ask about what the seller needs to quote: quantity, specifications, delivery place and date, GST invoice, customisation.',
  `Return JSON only: {"questions":[{"question":"...","question_type":"yes_no"|"free_response","mandatory":true|false}]}, at most ${MAX_GENERATED_QUESTIONS} questions.`,
].join(' ');

/** Questions from any OpenAI-compatible chat-completions endpoint (OpenAI, Azure, vLLM, Ollama, ...). */
export class OpenAiQuestionGenerator implements QuestionGenerator {
  readonly name = 'openai';

  constructor(private readonly settings: OpenAiSettings) {}

  async generate(request: QuestionRequest): Promise<GeneratedQuestion[]> {
    const user = [
      `Language of the questions: ${request.language === 'hi' ? 'Hindi (Devanagari script)' : 'English'}.`,
      request.title ? `Title: ${request.title}` : '',
      request.category ? `Category: ${request.category}` : '',
      request.productType ? `Condition: ${request.productType}` : '',
      `Description: ${request.description}`,
    ]
      .filter(Boolean)
      .join('\n');
    const res = await fetch(`${this.settings.baseUrl.replace(/\/$/, '')}/chat/completions`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${this.settings.apiKey}` },
      body: JSON.stringify({
        model: this.settings.model,
        temperature: 0.3,
        response_format: { type: 'json_object' },
        messages: [
          { role: 'system', content: SYSTEM },
          { role: 'user', content: user },
        ],
      }),
      signal: AbortSignal.timeout(this.settings.timeoutMs),
    });
    if (!res.ok) throw new Error(`Question model answered HTTP ${res.status}`);
    const content = completion.parse(await res.json()).choices[0].message.content ?? '';
    // Some models wrap JSON in a code fence even when asked not to.
    const json = content.replace(/^\s*```(?:json)?\s*/i, '').replace(/\s*```\s*$/, '');
    const parsed = answer.parse(JSON.parse(json));
    return parsed.questions.slice(0, MAX_GENERATED_QUESTIONS).map((item) => ({
      question: item.question,
      questionType: item.question_type === 'yes_no' || item.question_type === 'YesNo' ? 'YesNo' : 'FreeResponse',
      mandatory: item.mandatory ?? false,
    }));
  }
}
