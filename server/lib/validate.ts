// Parses request parts with the contract's schemas; failures become 400s naming the field.
import { formatIssues } from '../../contract/common';
import { badRequest } from './errors';

interface SafeParser<T> {
  safeParse(input: unknown): { success: true; data: T } | { success: false; error: { issues: readonly unknown[] } };
}

export function parse<T>(schema: SafeParser<T>, input: unknown): T {
  const result = schema.safeParse(input ?? {});
  if (result.success) return result.data;
  throw badRequest(formatIssues(result.error.issues as Parameters<typeof formatIssues>[0]));
}
