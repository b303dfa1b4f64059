/**
 * Runs `step` (which removes at most `size` things and answers how many) again while it removes a full batch, at most
 * `times` times: a run of a cleanup is bounded, and a later run goes on where it stopped. Answers how many went.
 */
export async function inBatches(size: number, times: number, step: () => Promise<number>): Promise<number> {
  let removed = 0;
  for (let batch = 0; batch < times; batch++) {
    const count = await step();
    removed += count;
    if (count < size) break;
  }
  return removed;
}
