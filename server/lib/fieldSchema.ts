// zod schemas built from the shared field rules (domain/fieldRules.ts), so the API refuses exactly
// what the SPA's forms refuse, with the same sentences.
import { z } from 'zod';
import { fieldError, type FieldRule } from '../../domain/fieldRules';

/** A string field checked by its rule and handed on trimmed; a missing or non-string value reads as empty. */
export function ruleField(rule: FieldRule) {
  return z
    .string({ error: rule.required })
    .superRefine((value, ctx) => {
      const error = fieldError(rule, value);
      if (error !== null) ctx.addIssue({ code: 'custom', message: error });
    })
    .transform((value) => value.trim());
}

/** The first issue's message in the given field order, so a form shows the topmost problem first. */
export function firstIssue<K extends string>(
  error: z.ZodError,
  order: readonly K[],
): { field?: K; message: string } | undefined {
  for (const field of order) {
    const issue = error.issues.find((candidate) => candidate.path[0] === field);
    if (issue) return { field, message: issue.message };
  }
  const issue = error.issues[0];
  return issue ? { message: issue.message } : undefined;
}
