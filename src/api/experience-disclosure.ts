// The combinations of age range, biological sex and activity level shown for a peptide
// (GET /api/peptides/{id}/disclosed: public, the same for everyone, cached). The wizard decides
// on the device whether the report being written will show its own: nothing about the report
// leaves the browser before Submit, and the question carries no token (docs/product-rules.md,
// "Anonymity").
import { pathOf } from '@contract/endpoints';
import { useQuery } from '@tanstack/react-query';
import type { DisclosedCombination } from '@contract/experiences';
import { readData } from '@contract/normalize';
import { api } from './client';
import { ApiError } from './errors';

// The schemas load with the first response, not with the page (they are not needed to paint it).
const schemas = () => import('@contract/experiences');

export async function fetchDisclosedCombinations(peptideId: string): Promise<{ combinations: DisclosedCombination[]; settleDays: number }> {
  const [{ DisclosedCombinationsResponse }, response] = await Promise.all([
    schemas(),
    api.get<unknown>(pathOf('disclosedCombinations', { id: peptideId })),
  ]);
  const data = readData(DisclosedCombinationsResponse, response.data);
  if (!data) throw new ApiError('Invalid response from server', response.status, response.data);
  return data;
}

/** Asked once a peptide is chosen; `null` keeps it idle. */
export function useDisclosedCombinations(peptideId: string | null) {
  return useQuery({
    queryKey: ['peptides', 'disclosed', peptideId],
    queryFn: () => fetchDisclosedCombinations(peptideId!),
    enabled: peptideId !== null,
    staleTime: 60_000,
    // The wizard offers its own Retry.
    retry: false,
  });
}

/** Whether `mine` is among the combinations shown. */
export function isShown(combinations: readonly DisclosedCombination[], mine: DisclosedCombination): boolean {
  return combinations.some((c) => c.ageRange === mine.ageRange && c.biologicalSex === mine.biologicalSex && c.activityLevel === mine.activityLevel);
}
