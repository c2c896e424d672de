// The candidates of the repeat rule (`repeated`: docs/product-rules.md, "The hold rules"), in
// memory for one publication batch (services/publication/repeat.ts, repeatRule). A story is compared
// exactly with the reports that share its skeleton hash or one of its MinHash bands.
//
// Each band keeps only its BAND_BUCKET newest reports. Without that cap a batch of stories alike
// enough to share bands but under the repeat threshold (one template with a word changed: our own
// benchmark's, or someone's flood) compared every story with every earlier one: 10,000 such
// stories took 60 s of the batch's 81 s at a million reports, growing with the square of the
// batch. With it a story meets at most BANDS x BAND_BUCKET candidates. A real repeat (Jaccard
// >= 0.8) shares about 6.5 of the 16 bands with its original, so it escapes only if every one of
// those bands has had BAND_BUCKET newer stories since, each of them alike to it too.

/** Newest reports kept per band key. */
export const BAND_BUCKET = 16;

export interface IndexedStory {
  id: string;
  story_hash: string;
  story_bands: readonly number[] | null;
}

export class RepeatIndex {
  private readonly byHash = new Map<string, string[]>();
  private readonly byBand = new Map<number, string[]>();

  add(s: IndexedStory): void {
    // Two reports per hash are enough: any report but the story's own with an equal hash is a repeat.
    const same = this.byHash.get(s.story_hash);
    if (!same) this.byHash.set(s.story_hash, [s.id]);
    else if (same.length < 2 && !same.includes(s.id)) same.push(s.id);
    for (const band of s.story_bands ?? []) {
      const bucket = this.byBand.get(band);
      if (!bucket) this.byBand.set(band, [s.id]);
      else if (!bucket.includes(s.id)) {
        bucket.push(s.id);
        if (bucket.length > BAND_BUCKET) bucket.shift();
      }
    }
  }

  /** Whether another indexed report has exactly this skeleton. */
  sameHash(s: IndexedStory): boolean {
    return this.sameHashId(s) !== undefined;
  }

  /** Another indexed report with exactly this skeleton, if there is one. */
  sameHashId(s: IndexedStory): string | undefined {
    return (this.byHash.get(s.story_hash) ?? []).find((id) => id !== s.id);
  }

  /** The reports to compare `s` with exactly (never itself): at most BANDS x BAND_BUCKET. */
  candidates(s: IndexedStory): Set<string> {
    const ids = new Set<string>();
    for (const band of s.story_bands ?? []) for (const id of this.byBand.get(band) ?? []) ids.add(id);
    ids.delete(s.id);
    return ids;
  }
}
