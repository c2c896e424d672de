// The member tabs of the Data Explorer (docs/product-rules.md): usage trends, growth trends and
// the comparison of up to 3 peptides. Loaded on demand with chart.js, members only, as one chunk.
export { UsageTrends } from './UsageTrends';
export { GrowthTrends } from './GrowthTrends';
export { ComparePeptides } from './ComparePeptides';
